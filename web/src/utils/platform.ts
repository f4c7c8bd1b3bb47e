/** Device checks (spec §2 invite_mobile and the mobile-app toast). */
const ua = () => (typeof navigator === "undefined" ? "" : navigator.userAgent);

export const isAndroid = () => /Android/i.test(ua());
export const isIOS = () => /iPhone|iPad|iPod/i.test(ua());
export const isMobile = () => isAndroid() || isIOS() || /Mobile|Opera Mini|IEMobile/i.test(ua());
