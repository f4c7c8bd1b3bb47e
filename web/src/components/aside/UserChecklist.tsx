import clsx from "clsx";
import type { StoredUser } from "../../app/slices/users";
import TickBox from "../ui/TickBox";
import Avatar, { avatarUrl } from "../ui/Avatar";

/**
 * People to tick, one checkbox row each (avatar, name, e-mail): adding members, choosing who
 * stays in a channel made private. `empty` is shown when `users` is empty.
 */
export default function UserChecklist({ users, picked, onToggle, label, empty }: { users: StoredUser[]; picked: readonly number[]; onToggle: (uid: number) => void; label: string; empty: string }) {
  return (
    <ul className="scroll-thin mt-3 max-h-72 space-y-px overflow-y-auto" aria-label={label}>
      {users.length === 0 && <li className="px-2 py-6 text-center text-sm text-zinc-500">{empty}</li>}
      {users.map((u) => {
        const on = picked.includes(u.uid);
        return (
          <li key={u.uid}>
            <button
              type="button"
              role="checkbox"
              aria-checked={on}
              onClick={() => onToggle(u.uid)}
              className={clsx(
                "flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left outline-none focus-visible:ring-2 focus-visible:ring-primary-500/40",
                on ? "bg-primary-50 dark:bg-primary-950/60" : "hover:bg-zinc-100 dark:hover:bg-zinc-800",
              )}
            >
              <Avatar name={u.name} seed={u.uid} src={avatarUrl(u.uid, u.avatar_updated_at)} size={32} online={!!u.online} />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{u.name}</span>
                {u.email && <span className="block truncate text-xs text-zinc-500">{u.email}</span>}
              </span>
              <TickBox on={on} className="flex size-5 items-center justify-center rounded-md border transition" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
