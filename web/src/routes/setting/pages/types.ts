/** What every settings page is given by the page frame (../index.tsx). */
export interface SettingPageProps {
  /** Asks to sign out (the frame's confirmation dialog). */
  onLogout: () => void;
}
