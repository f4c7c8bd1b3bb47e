/**
 * The member directory as data: which users a search and a filter keep, and how they are grouped
 * (admins — not bots — then bots, then members; docs/ARCHITECTURE.md "Client rules").
 */
import type { StoredUser } from "../../app/slices/users";

export type Role = "admin" | "bot" | "member";
export type ContactStatus = "added" | "blocked" | "";
export const DIRECTORY_FILTERS = ["all", "contacts", "blocked"] as const;
export type DirectoryFilter = (typeof DIRECTORY_FILTERS)[number];

export const roleOf = (u: Pick<StoredUser, "is_admin" | "is_bot">): Role => (u.is_bot ? "bot" : u.is_admin ? "admin" : "member");

export interface DirectoryInput {
  users: StoredUser[];
  /** Contact status per uid (missing = ''). */
  contacts: Record<number, string>;
  /** Private remarks per uid. */
  remarks: Record<number, string>;
  query: string;
  filter: DirectoryFilter;
}

export interface DirectoryGroup {
  role: Role;
  users: StoredUser[];
}

/** Name, remark or e-mail contain the query (case-insensitive); `#12` or `12` also finds uid 12. */
export function matchesQuery(u: StoredUser, remark: string | undefined, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (/^#?\d+$/.test(q) && u.uid === Number(q.replace("#", ""))) return true;
  return [u.name, remark ?? "", u.email ?? ""].some((text) => text.toLowerCase().includes(q));
}

export function matchesFilter(status: string | undefined, filter: DirectoryFilter): boolean {
  if (filter === "contacts") return status === "added";
  if (filter === "blocked") return status === "blocked";
  return true;
}

/** The groups to show, each sorted by the name as this user sees it; empty groups are left out. */
export function buildDirectory({ users, contacts, remarks, query, filter }: DirectoryInput): DirectoryGroup[] {
  const shown = users.filter((u) => matchesFilter(contacts[u.uid], filter) && matchesQuery(u, remarks[u.uid], query));
  const label = (u: StoredUser) => remarks[u.uid] || u.name;
  const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  return (["admin", "bot", "member"] as Role[])
    .map((role) => ({ role, users: shown.filter((u) => roleOf(u) === role).sort((a, b) => collator.compare(label(a), label(b))) }))
    .filter((g) => g.users.length > 0);
}

/** How many users each filter keeps (the chips' counts). */
export function filterCounts(users: StoredUser[], contacts: Record<number, string>): Record<DirectoryFilter, number> {
  return {
    all: users.length,
    contacts: users.filter((u) => contacts[u.uid] === "added").length,
    blocked: users.filter((u) => contacts[u.uid] === "blocked").length,
  };
}
