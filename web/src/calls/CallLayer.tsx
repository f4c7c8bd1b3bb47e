/**
 * What the main layout shows of calls wherever the user is: the call window while in a call, the
 * incoming ring of a DM call (accept / decline), and why a call could not start.
 */
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../app/hooks";
import Avatar, { avatarUrl } from "../components/ui/Avatar";
import { toast } from "../utils/toast";
import { PhoneIcon, PhoneOffIcon } from "./icons";
import { useCallEngine, useCalls } from "./useCalls";

// The call window's code loads with the first call: the chat route does not carry it.
const CallPanel = lazy(() => import("./CallPanel"));

function IncomingRing({ from, onAccept, onDecline }: { from: number; onAccept: () => void; onDecline: () => void }) {
  const { t } = useTranslation("chat");
  const user = useAppSelector((s) => s.users.byId[from]);
  const name = user?.name ?? `#${from}`;
  return (
    <div role="alertdialog" aria-labelledby="call-ring-title" data-testid="call-ring" className="fixed top-4 right-4 z-50 flex w-80 items-center gap-3 rounded-xl bg-white p-3 shadow-2xl ring-1 ring-zinc-200 dark:bg-zinc-800 dark:ring-zinc-700">
      <Avatar name={name} seed={from} src={user ? avatarUrl(from, user.avatar_updated_at) : null} size={40} rounded="full" />
      <div className="min-w-0 flex-1">
        <p id="call-ring-title" className="truncate text-sm font-semibold text-zinc-900 dark:text-white">
          {name}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-300">{t("call.incoming")}</p>
      </div>
      <button type="button" onClick={onDecline} data-testid="call-decline" aria-label={t("call.decline")} title={t("call.decline")} className="inline-flex size-9 items-center justify-center rounded-full bg-red-600 text-white hover:bg-red-500">
        <PhoneOffIcon size={17} />
      </button>
      <button type="button" onClick={onAccept} data-testid="call-accept" aria-label={t("call.accept")} title={t("call.accept")} className="inline-flex size-9 items-center justify-center rounded-full bg-emerald-700 text-white hover:bg-emerald-600">
        <PhoneIcon size={17} />
      </button>
    </div>
  );
}

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
      {call.incoming && !call.active && <IncomingRing from={call.incoming.from} onAccept={() => void engine.accept()} onDecline={() => void engine.decline()} />}
    </>
  );
}
