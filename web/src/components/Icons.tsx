import { icon, type IconProps } from "./EntryIcons";

export { icon, type IconProps };
export { RefreshIcon, Spinner, MonitorIcon, MoonIcon, SunIcon, EyeIcon, EyeOffIcon, MailIcon, UserIcon, AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon, LanguageIcon } from "./EntryIcons";

export const HashIcon = icon(<path d="M5 9h14M5 15h14M10 4 8 20M16 4l-2 16" />);
export const LockIcon = icon(<rect x="5" y="11" width="14" height="9" rx="2" />, <path d="M8 11V8a4 4 0 1 1 8 0v3" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const LogoutIcon = icon(<path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H4" />);
export const SendIcon = icon(<path d="M4 12 20 4l-4 16-4-6-8-2z" />, <path d="m12 14 8-10" />);
export const ChatIcon = icon(<path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />);
export const UsersIcon = icon(<circle cx="9" cy="8" r="3.5" />, <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />);
export const CheckIcon = icon(<path d="m5 12 5 5L20 7" />);
export const ArrowRightIcon = icon(<path d="M5 12h14M13 6l6 6-6 6" />);
export const AtIcon = icon(<circle cx="12" cy="12" r="4" />, <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />);
export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const ArrowLeftIcon = icon(<path d="M19 12H5M11 6l-6 6 6 6" />);
export const XCircleIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="m9 9 6 6M15 9l-6 6" />);
export const KeyIcon = icon(<circle cx="8" cy="15" r="4" />, <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />);
export const GlobeIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />);
export const WalletIcon = icon(<path d="M4 7a2 2 0 0 1 2-2h11v4" />, <rect x="4" y="7" width="17" height="13" rx="2" />, <path d="M16 13.5h.01" />);
export const SmilePlusIcon = icon(<path d="M21 12a9 9 0 1 1-9-9" />, <path d="M8 14s1.5 2 4 2 4-2 4-2" />, <path d="M9 9h.01M15 9h.01M19 2v6M16 5h6" />);
export const ReplyIcon = icon(<path d="M9 17l-5-5 5-5" />, <path d="M20 18v-2a4 4 0 0 0-4-4H4" />);
export const PencilIcon = icon(<path d="M12 20h9" />, <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />);
export const TrashIcon = icon(<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />);
export const CopyIcon = icon(<rect x="9" y="9" width="11" height="11" rx="2" />, <path d="M5 15V5a2 2 0 0 1 2-2h8" />);
export const LinkIcon = icon(<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />, <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />);
export const SmartphoneIcon = icon(<rect x="6" y="2" width="12" height="20" rx="2.5" />, <path d="M11 18h2" />);
export const DownloadIcon = icon(<path d="M12 4v11M7 10l5 5 5-5M5 20h14" />);
export const HelpIcon = icon(<circle cx="12" cy="12" r="9" />, <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />);
export const BookmarkIcon = icon(<path d="M6 4h12v17l-6-4-6 4z" />);
export const FolderIcon = icon(<path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />);
export const FileIcon = icon(<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />, <path d="M14 3v5h5" />);
export const SettingsIcon = icon(<circle cx="12" cy="12" r="3" />, <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const ChevronRightIcon = icon(<path d="m9 6 6 6-6 6" />);
export const ShieldIcon = icon(<path d="M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6z" />);
export const UserPlusIcon = icon(<circle cx="9" cy="8" r="4" />, <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />);
export const ExternalIcon = icon(<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />);
export const InboxIcon = icon(<path d="M3 13l3-8h12l3 8v6H3z" />, <path d="M3 13h5l1 3h6l1-3h5" />);
export const SparkIcon = icon(<path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />);
export const GithubIcon = ({ size = 18, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...rest}>
    <path d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2z" />
  </svg>
);
export const GoogleIcon = ({ size = 18, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" {...rest}>
    <path fill="#4285F4" d="M22.5 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
    <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
    <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
    <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
  </svg>
);

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, <path d="m20 20-3.5-3.5" />);

