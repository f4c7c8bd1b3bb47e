/**
 * What the main layout shows of calls wherever the user is: the call window while in a call, the
 * incoming ring of a DM call (accept / decline), and why a call could not start.
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../app/hooks";
import { toast } from "../utils/toast";
import { useCallEngine, useCalls } from "./useCalls";

// The call window's code loads with the first call, the ring's with the first ring: the chat
// route carries neither.
const CallPanel = lazy(() => import("./CallPanel"));
const IncomingRing = lazy(() => import("./IncomingRing"));

export default function CallLayer() {
  const { t } = useTranslation("chat");
  const engine = useCallEngine();
  const call = useCalls();
  const guest = useAppSelector((s) => s.authData.guest);
  useEffect(() => {
    if (guest) return;
    engine.start();
    return () => engine.stop();
  }, [engine, guest]);
  useEffect(() => {
    if (!call.error) return;
    toast.error(t(`call.error.${call.error}`));
    engine.dismissError();
  }, [call.error, engine, t]);
  return (
    <>
      {call.active && (
        <Suspense fallback={null}>
          <CallPanel engine={engine} call={call} />
        </Suspense>
      )}
      {call.incoming && !call.active && (
        <Suspense fallback={null}>
          <IncomingRing from={call.incoming.from} onAccept={() => void engine.accept()} onDecline={() => void engine.decline()} />
        </Suspense>
      )}
    </>
  );
}
