/** A DM call ringing this user: who calls, accept and decline (CallLayer.tsx). */
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../app/hooks";
import Avatar, { avatarUrl } from "../components/ui/Avatar";
import { PhoneIcon, PhoneOffIcon } from "./icons";

export default function IncomingRing({ from, onAccept, onDecline }: { from: number; onAccept: () => void; onDecline: () => void }) {
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
