/**
 * The people pickers' server search: with the server's `search_user_enable` on, what is typed is
 * also looked up with `POST /user/search` (an id, an e-mail, or an exact name; docs/API.md
 * "Users"), and the person found joins the locally filtered list. With the setting off, the
 * pickers filter the local directory only.
 */
import { useEffect, useState } from "react";
import { useAppSelector } from "../../app/hooks";
import { useSearchUserMutation, type UserSearch } from "../../app/services/adminUsers";
import type { StoredUser } from "../../app/slices/users";
import { matchesPerson } from "./members";

/** Typing pauses this long before the server is asked. */
const DEBOUNCE_MS = 300;

/** What kind of search `POST /user/search` should run for a keyword. */
export function searchOf(keyword: string): UserSearch {
  if (/^\d+$/.test(keyword)) return { search_type: "id", keyword };
  if (keyword.includes("@")) return { search_type: "email", keyword };
  return { search_type: "name", keyword };
}

/** The local matches, then the server's find when it is not among them and `accept` takes it. */
export function mergeFound(local: StoredUser[], found: StoredUser | null, accept: (u: StoredUser) => boolean): StoredUser[] {
  if (!found || local.some((u) => u.uid === found.uid) || !accept(found)) return local;
  return [...local, found];
}

/** The person the server found for `filter` (the directory's copy when it has one), and whether it is still asking. */
export default function usePeopleSearch(filter: string): { found: StoredUser | null; searching: boolean } {
  const enabled = useAppSelector((s) => !!s.server.common?.search_user_enable);
  const directory = useAppSelector((s) => s.users.byId);
  const [search] = useSearchUserMutation();
  const keyword = filter.trim();
  const [result, setResult] = useState<{ keyword: string; user: StoredUser | null } | null>(null);

  useEffect(() => {
    if (!enabled || !keyword) return;
    let live = true;
    const timer = setTimeout(() => {
      void search(searchOf(keyword)).then((res) => {
        if (live) setResult({ keyword, user: "data" in res && res.data ? res.data : null });
      });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled, keyword, search]);

  if (!enabled || !keyword) return { found: null, searching: false };
  if (result?.keyword !== keyword) return { found: null, searching: true };
  const user = result.user;
  return { found: user ? (directory[user.uid] ?? user) : null, searching: false };
}

/**
 * A people picker's list for `filter`: the directory's people that `eligible` takes and that
 * match, then the server's find when eligible too; and whether the server is still asked.
 */
export function usePeoplePicker(filter: string, eligible: (u: StoredUser) => boolean): { people: StoredUser[]; searching: boolean } {
  const users = useAppSelector((s) => s.users);
  const { found, searching } = usePeopleSearch(filter);
  const q = filter.trim().toLowerCase();
  const local = users.ids.map((uid) => users.byId[uid]).filter((u) => u && eligible(u) && matchesPerson(u, q));
  return { people: mergeFound(local, found, eligible), searching };
}
