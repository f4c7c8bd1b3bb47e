import { icon } from "../components/Icons";

export const PhoneIcon = icon(<path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />);
export const PhoneOffIcon = icon(<path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" transform="rotate(135 12 12)" />);
export const VideoIcon = icon(<rect x="3" y="6" width="13" height="12" rx="2" />, <path d="m16 10 5-3v10l-5-3z" />);
export const VideoOffIcon = icon(<rect x="3" y="6" width="13" height="12" rx="2" />, <path d="m16 10 5-3v10l-5-3zM3 3l18 18" />);
export const MicIcon = icon(<rect x="9" y="3" width="6" height="11" rx="3" />, <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />);
export const MicOffIcon = icon(<rect x="9" y="3" width="6" height="11" rx="3" />, <path d="M5 11a7 7 0 0 0 14 0M12 18v3M3 3l18 18" />);
export const ScreenIcon = icon(<rect x="3" y="4" width="18" height="12" rx="2" />, <path d="M8 20h8M12 16v4M12 7v6M9 10l3-3 3 3" />);
export const MinimizeIcon = icon(<path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />);
export const MaximizeIcon = icon(<path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />);
