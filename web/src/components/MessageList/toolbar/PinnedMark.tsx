/** "Pinned" beside a message of the channel's pinned list, with who pinned it as its tooltip. */
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { PinIcon } from "../../ChatIcons";
import { useMessageActions } from "../actions";

export default function PinnedMark({ mid, className = "" }: { mid: number; className?: string }) {
  const { t } = useTranslation("chat");
  const { gid } = useMessageActions();
  const by = useAppSelector((s) => (gid === undefined ? undefined : s.channels.byId[gid]?.pinned_messages?.find((p) => p.mid === mid)?.created_by));
  const name = useAppSelector((s) => (by === undefined ? undefined : s.users.byId[by]?.name));
  if (by === undefined) return null;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-0.5 rounded px-1 text-[11px] font-medium text-amber-700 dark:text-amber-400 ${className}`}
      title={t("pins.pinned_by", { name: name ?? t("message.unknown_user", { uid: by }) })}
      data-testid="pinned-mark"
    >
      <PinIcon size={11} />
      {t("pins.mark")}
    </span>
  );
}
