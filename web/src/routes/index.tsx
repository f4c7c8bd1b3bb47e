import { Suspense, useEffect, type ReactNode } from "react";
import { HashRouter, Route, Routes, useNavigate } from "react-router";
import { MIN_VERSION } from "../app/config";
import { useAppSelector } from "../app/hooks";
import Loading from "../components/Loading";
import { registerNavigator } from "../utils/navigation";
import { nextTask } from "../utils/nextTask";
import { versionAtLeast } from "../utils/version";
import { lazyRoute } from "./lazyRoute";
import LoginPage from "./login";
import NotFound from "./NotFound";
import Root from "./Root";

// Everything but the login page is split off, to keep the first load small. A stored session
// preloads the main layout's chunks (`preloadSession`), so they render without suspending.
const GuestLogin = lazyRoute(() => import("./guest"));
const EmailLogin = lazyRoute(() => import("./auth/EmailLogin"));
const SendMagicLink = lazyRoute(() => import("./auth/SendMagicLink"));
const RegisterLayout = lazyRoute(() => import("./register"));
const Register = lazyRoute(() => import("./register/Register"));
const SetName = lazyRoute(() => import("./register/SetName"));
const OnboardingPage = lazyRoute(() => import("./onboarding"));
const OAuthPage = lazyRoute(() => import("./oauth"));
const CallbackPage = lazyRoute(() => import("./callback"));
const InvitePrivate = lazyRoute(() => import("./invite/InvitePrivate"));
const InviteMobile = lazyRoute(() => import("./invite/InviteMobile"));
const HomeLayout = lazyRoute(() => import("./home"));
const ChatLayout = lazyRoute(() => import("./chat/ChatLayout"));
const Welcome = lazyRoute(() => import("./home/Welcome"));
const ChatIndex = lazyRoute(() => import("./chat/ChatIndex"));
const ChannelChat = lazyRoute(() => import("./chat/ChannelChat"));
const DMChat = lazyRoute(() => import("./chat/DMChat"));
const SettingPage = lazyRoute(() => import("./setting"));
const ChannelSetting = lazyRoute(() => import("./setting/ChannelSetting"));
const DMSetting = lazyRoute(() => import("./setting/DMSetting"));
const UsersPage = lazyRoute(() => import("./users"));
const FavsPage = lazyRoute(() => import("./favs"));
const FilesPage = lazyRoute(() => import("./files"));
const LegacyFilesPage = lazyRoute(() => import("./files/LegacyFiles"));

const page = (node: ReactNode) => <Suspense fallback={<Loading reload />}>{node}</Suspense>;
const pane = (node: ReactNode) => <Suspense fallback={<Loading fullscreen={false} />}>{node}</Suspense>;

/**
 * A stored session opens the main layout: start the chunks of `path` (a hash path) and name the
 * translations it needs, so they load in one wave with the entry. Without this each lazy level
 * (layout, chat frame, conversation, its namespace) waited for the one above it to render.
 * Only called when a token is stored: the login page never loads these.
 */
export function preloadSession(path: string): { namespaces: string[]; loaded: Promise<unknown> } {
  // The screens under the main layout: its event stream starts as soon as the layout's chunk is here.
  const streams = /^\/(?:(?:chat|setting|users|favs|files)(?:\/|$)|$)/.test(path);
  const home = { preload: () => HomeLayout.preload().then((m) => streams && m.startStreamEarly()) };
  // The store's chat part first, RTK Query and then the slices: a module graph is evaluated in
  // one task, and these shared parts are the largest of the layout's.
  const api = { preload: () => import("../app/services/api") };
  const services = { preload: () => import("../app/services") };
  const chunks: { preload: () => Promise<unknown> }[] = [api, services, home];
  // The sidebar (ChatLayout) speaks "chat"; so does every conversation.
  const namespaces = ["chat"];
  if (path === "/") {
    chunks.push(ChatLayout, Welcome);
    namespaces.push("welcome");
  } else if (path === "/chat") chunks.push(ChatLayout, ChatIndex);
  else if (path.startsWith("/chat/channel/")) chunks.push(ChatLayout, ChannelChat);
  else if (path.startsWith("/chat/dm/")) chunks.push(ChatLayout, DMChat);
  // Each preload adds a `<link rel=modulepreload>` per file of its chunk, about 40 in all: one
  // chunk per task, after the entry's (docs/PERFORMANCE.md "Client long tasks").
  const loaded = (async () => {
    const loads: Promise<unknown>[] = [];
    for (const chunk of chunks) {
      await nextTask();
      loads.push(chunk.preload());
    }
    return Promise.allSettled(loads);
  })();
  return { namespaces, loaded };
}

/** Lets the base query and the event stream navigate (session loss → /login). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** The newer files screen from server 0.3.11, the older one before. */
function Files() {
  const version = useAppSelector((s) => s.server.version);
  return versionAtLeast(version, MIN_VERSION.newFiles) ? <FilesPage /> : <LegacyFilesPage />;
}

/**
 * The routes (docs/ARCHITECTURE.md "Client rules": screens), with hash URLs as VoceChat
 * (`/#/login`, `/#/chat/channel/1`).
 */
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
