/**
 * Icons used only inside the chat (composer, message toolbar, selection, pins). Kept apart from
 * Icons.tsx, which the login page loads, so that they do not weigh on its budget.
 */
import { icon } from "./Icons";

export const PaperclipIcon = icon(<path d="m21 11.5-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />);

export const SmileIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />);

export const UploadIcon = icon(<path d="M12 15V4M7 9l5-5 5 5" />, <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />);

export const MoreIcon = icon(<circle cx="5" cy="12" r="1" />, <circle cx="12" cy="12" r="1" />, <circle cx="19" cy="12" r="1" />);

export const PinIcon = icon(<path d="M12 17v5M9 3h6l-1 6 3 3v2H7v-2l3-3z" />);

export const ForwardIcon = icon(<path d="m15 5 6 6-6 6" />, <path d="M21 11H10a6 6 0 0 0-6 6v2" />);

export const ImageIcon = icon(<rect x="3" y="4" width="18" height="16" rx="2" />, <circle cx="9" cy="10" r="2" />, <path d="m21 16-5-5-9 9" />);

export const CheckSquareIcon = icon(<rect x="3" y="3" width="18" height="18" rx="3" />, <path d="m8 12 3 3 5-6" />);

