import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { HashRouter, Route, Routes, useNavigate } from "react-router";
import { MIN_VERSION } from "../app/config";
import { useAppSelector } from "../app/hooks";
import Loading from "../components/Loading";
import { registerNavigator } from "../utils/navigation";
import { versionAtLeast } from "../utils/version";
import LoginPage from "./login";
import NotFound from "./NotFound";
import Root from "./Root";

// Everything but the login page is split off, to keep the first load small.
const GuestLogin = lazy(() => import("./guest"));
const EmailLogin = lazy(() => import("./auth/EmailLogin"));
const SendMagicLink = lazy(() => import("./auth/SendMagicLink"));
const RegisterLayout = lazy(() => import("./register"));
const Register = lazy(() => import("./register/Register"));
const SetName = lazy(() => import("./register/SetName"));
const OnboardingPage = lazy(() => import("./onboarding"));
const OAuthPage = lazy(() => import("./oauth"));
const CallbackPage = lazy(() => import("./callback"));
const InvitePrivate = lazy(() => import("./invite/InvitePrivate"));
const InviteMobile = lazy(() => import("./invite/InviteMobile"));
const HomeLayout = lazy(() => import("./home"));
const ChatLayout = lazy(() => import("./chat/ChatLayout"));
const Welcome = lazy(() => import("./home/Welcome"));
const ChatIndex = lazy(() => import("./chat/ChatIndex"));
const ChannelChat = lazy(() => import("./chat/ChannelChat"));
const DMChat = lazy(() => import("./chat/DMChat"));
const SettingPage = lazy(() => import("./setting"));
const ChannelSetting = lazy(() => import("./setting/ChannelSetting"));
const DMSetting = lazy(() => import("./setting/DMSetting"));
const UsersPage = lazy(() => import("./users"));
const FavsPage = lazy(() => import("./favs"));
const FilesPage = lazy(() => import("./files"));
const LegacyFilesPage = lazy(() => import("./files/LegacyFiles"));

const page = (node: ReactNode) => <Suspense fallback={<Loading reload />}>{node}</Suspense>;
const pane = (node: ReactNode) => <Suspense fallback={<Loading fullscreen={false} />}>{node}</Suspense>;

/** Lets the base query and the event stream navigate (session loss → /login). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** spec §2: the newer files screen from server 0.3.11, the older one before. */
function Files() {
  const version = useAppSelector((s) => s.server.version);
  return versionAtLeast(version, MIN_VERSION.newFiles) ? <FilesPage /> : <LegacyFilesPage />;
}

/** The routes of spec §2, with hash URLs as VoceChat (`/#/login`, `/#/chat/channel/1`). */
export default function AppRouter() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <Routes>
        <Route element={<Root />}>
          <Route path="/guest_login" element={page(<GuestLogin />)} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/email_login" element={page(<EmailLogin />)} />
          <Route path="/send_magic_link/:email" element={page(<SendMagicLink />)} />
          <Route path="/register" element={page(<RegisterLayout />)}>
            <Route index element={pane(<Register />)} />
            <Route path="set_name/:from?" element={pane(<SetName />)} />
          </Route>
          <Route path="/onboarding" element={page(<OnboardingPage />)} />
          <Route path="/oauth/:token" element={page(<OAuthPage />)} />
          <Route path="/cb/:type/:payload" element={page(<CallbackPage />)} />
          <Route path="/invite_private/:channel_id" element={page(<InvitePrivate />)} />
          <Route path="/invite_mobile/:magic_token" element={page(<InviteMobile />)} />
          <Route path="/" element={page(<HomeLayout />)}>
            <Route element={pane(<ChatLayout />)}>
              <Route index element={pane(<Welcome />)} />
              <Route path="chat" element={pane(<ChatIndex />)} />
              <Route path="chat/channel/:channel_id" element={pane(<ChannelChat />)} />
              <Route path="chat/dm/:user_id" element={pane(<DMChat />)} />
            </Route>
            <Route path="setting/channel/:cid/:nav?" element={pane(<ChannelSetting />)} />
            <Route path="setting/dm/:uid/:nav?" element={pane(<DMSetting />)} />
            <Route path="setting/:nav?" element={pane(<SettingPage />)} />
            <Route path="users/:user_id?" element={pane(<UsersPage />)} />
            <Route path="favs" element={pane(<FavsPage />)} />
            <Route path="files" element={pane(<Files />)} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
