/** Icons of the conversation list, headers and side panels (same 24-px stroke style as `Icons.tsx`). */
import { icon } from "../EntryIcons";

export const PinIcon = icon(<path d="M12 17v5M9 10.8V5h6v5.8l2.5 3.2a1 1 0 0 1-.8 1.6H7.3a1 1 0 0 1-.8-1.6z" />, <path d="M8 5h8" />);
export const PinOffIcon = icon(<path d="M12 17v5M9 9v1.8L6.5 14a1 1 0 0 0 .8 1.6H15M15 10V5H9M8 5h8M3 3l18 18" />);
export const BellIcon = icon(<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />);
export const BellOffIcon = icon(<path d="M8.7 3.7A6 6 0 0 1 18 8c0 2.8.5 4.8 1.1 6.2M17 17H3s3-2 3-9c0-.7.1-1.4.4-2M10.3 21a1.9 1.9 0 0 0 3.4 0M3 3l18 18" />);
export const CheckCheckIcon = icon(<path d="M2 12.5 6.5 17 15 8.5M13 15.5l1.5 1.5L22 9.5" />);
export const MoreIcon = icon(<circle cx="5" cy="12" r="1.2" fill="currentColor" />, <circle cx="12" cy="12" r="1.2" fill="currentColor" />, <circle cx="19" cy="12" r="1.2" fill="currentColor" />);
export const PanelLeftIcon = icon(<rect x="3" y="4" width="18" height="16" rx="2" />, <path d="M9 4v16M15 10l-2 2 2 2" />);
export const ClockIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M12 7v5l3 2" />);
export const CameraIcon = icon(<path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />, <circle cx="12" cy="13.5" r="3.5" />);
export const CrownIcon = icon(<path d="m3 7 4.5 4L12 5l4.5 6L21 7l-2 11H5z" />);
export const UserMinusIcon = icon(<circle cx="9" cy="8" r="4" />, <path d="M2 21a7 7 0 0 1 14 0M16 11h6" />);
export const DoorExitIcon = icon(<path d="M14 4H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8M10 12h11M18 9l3 3-3 3" />);
export const EraserIcon = icon(<path d="m7 21-4.3-4.3a1 1 0 0 1 0-1.4l10-10a1 1 0 0 1 1.4 0l5.6 5.6a1 1 0 0 1 0 1.4L11 21z" />, <path d="M22 21H7M5 11l9 9" />);
export const ArrowLeftRightIcon = icon(<path d="M4 8h16M16 4l4 4-4 4M20 16H4M8 12l-4 4 4 4" />);
export const EditSquareIcon = icon(<path d="M12 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7" />, <path d="M18.4 2.6a2 2 0 0 1 2.9 2.9L12 14.8l-4 1 1-4z" />);
