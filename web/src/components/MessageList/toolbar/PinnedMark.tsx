/** "Pinned" beside a message of the channel's pinned list, with who pinned it as its tooltip. */
import type { StoredUser } from "../../../app/slices/users";
import { PinIcon } from "../../ChatIcons";
import { useMessageLabels } from "../labels";

/** `by`: who pinned the message (undefined: it is not pinned). */
export default function PinnedMark({ by, users, className = "" }: { by: number | undefined; users: Record<number, StoredUser>; className?: string }) {
  const labels = useMessageLabels();
  if (by === undefined) return null;
  const name = users[by]?.name;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-0.5 rounded px-1 text-[11px] font-medium text-amber-700 dark:text-amber-400 ${className}`}
      title={labels.pinnedBy(name ?? labels.unknownUser(by))}
      data-testid="pinned-mark"
    >
      <PinIcon size={11} />
      {labels.pinMark}
    </span>
  );
}
