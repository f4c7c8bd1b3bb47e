/**
 * The sidebar's mark of a conversation with a call going on: a phone and how many are in it
 * (their names read by screen readers and shown on hover).
 */
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../app/hooks";
import { PhoneIcon } from "./icons";
import { dmRoomId, groupRoomId, useCalls } from "./useCalls";

export default function SidebarCall({ kind, id, active }: { kind: "channel" | "dm"; id: number; active: boolean }) {
  const { t } = useTranslation("chat");
  const { rooms } = useCalls();
  const me = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const users = useAppSelector((s) => s.users.byId);
  const room = rooms[kind === "channel" ? groupRoomId(id) : dmRoomId(me, id)];
  if (!room || room.participants.length === 0) return null;
  const names = room.participants.map((p) => (p.uid === me ? t("call.you") : (users[p.uid]?.name ?? `#${p.uid}`))).join(", ");
  return (
    <span className={clsx("flex shrink-0 items-center gap-1", active ? "text-white" : "text-emerald-700 dark:text-emerald-400")} title={t("call.in_progress_with", { names })} data-testid="sidebar-call">
      <PhoneIcon size={12} />
      <span className="sr-only">, {t("call.in_progress_with", { names })}</span>
      <span className="text-[11px] font-semibold tabular-nums" aria-hidden="true">
        {room.participants.length}
      </span>
    </span>
  );
}
