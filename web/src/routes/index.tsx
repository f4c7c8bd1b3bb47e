import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { HashRouter, Route, Routes, useNavigate } from "react-router";
import Loading from "../components/Loading";
import { registerNavigator } from "../utils/navigation";
import LoginPage from "./login";
import NotFound from "./NotFound";
import Root from "./Root";

// Everything but the login page is split off, to keep the first load small.
const OnboardingPage = lazy(() => import("./onboarding"));
const HomeLayout = lazy(() => import("./home"));
const Welcome = lazy(() => import("./home/Welcome"));
const ChannelChat = lazy(() => import("./chat/ChannelChat"));
const DMChat = lazy(() => import("./chat/DMChat"));
const Placeholder = lazy(() => import("./Placeholder"));

const s = (node: ReactNode, fullscreen = true) => <Suspense fallback={<Loading fullscreen={fullscreen} />}>{node}</Suspense>;

/** Lets the base query and the event stream navigate (session loss → /login). */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** The routes of spec §2, with hash URLs as VoceChat (`/#/login`, `/#/chat/channel/1`). */
export default function AppRouter() {
  const later = s(<Placeholder />);
  const laterInLayout = s(<Placeholder inLayout />, false);
  return (
    <HashRouter>
      <NavigatorBridge />
      <Routes>
        <Route element={<Root />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/onboarding" element={s(<OnboardingPage />)} />
          <Route path="/guest_login" element={later} />
          <Route path="/email_login" element={later} />
          <Route path="/send_magic_link/:email" element={later} />
          <Route path="/register/*" element={later} />
          <Route path="/oauth/:token" element={later} />
          <Route path="/cb/:type/:payload" element={later} />
          <Route path="/invite_private/:channel_id" element={later} />
          <Route path="/invite_mobile/:magic_token" element={later} />
          <Route path="/" element={s(<HomeLayout />)}>
            <Route index element={s(<Welcome />, false)} />
            <Route path="chat" element={s(<Welcome />, false)} />
            <Route path="chat/channel/:channel_id" element={s(<ChannelChat />, false)} />
            <Route path="chat/dm/:user_id" element={s(<DMChat />, false)} />
            <Route path="setting/*" element={laterInLayout} />
            <Route path="users" element={laterInLayout} />
            <Route path="users/:user_id" element={laterInLayout} />
            <Route path="favs" element={laterInLayout} />
            <Route path="files" element={laterInLayout} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
