/** Device checks (the mobile invite page and the mobile-app toast). */
const ua = () => (typeof navigator === "undefined" ? "" : navigator.userAgent);

export const isAndroid = () => /Android/i.test(ua());
export const isIOS = () => /iPhone|iPad|iPod/i.test(ua());
export const isMobile = () => isAndroid() || isIOS() || /Mobile|Opera Mini|IEMobile/i.test(ua());
