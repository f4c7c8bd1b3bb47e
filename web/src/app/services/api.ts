/**
 * The one RTK Query API of the client: one cache, one middleware, one `resetApiState` for a new
 * session. It holds no endpoints itself: each domain file (`auth.ts`, `user.ts`, `channel.ts`, …
 * and the components' own `api.ts`) injects its endpoints when it is first imported, so a chunk
 * carries only the endpoints its screens use (the login page carries none: the store registers
 * this API with the chat slices, in `./index.ts`, which only the lazy chunks import).
 *
 * Most server data lives in the slices, fed by the event stream; the cache holds only what no
 * event updates. Tags say which mutation makes which of those cached reads stale:
 * - `Channel` (id: gid, or `LIST`): `GET /group[/{gid}]`, stale after a change to the channel.
 * - `Favorite`: the saved items list.
 * - `File`: the files screen's list, stale after messages are deleted.
 * - `Server`, `LoginConfig`: the admin settings.
 */
import { createApi } from "@reduxjs/toolkit/query/react";
import baseQuery from "./base.query";

export const TAG_TYPES = ["Channel", "Favorite", "File", "Server", "LoginConfig"] as const;

/** The id of a tag that stands for a whole list (`{ type: "Channel", id: LIST }`). */
export const LIST = "LIST";

/** What a change to channel `gid` makes stale: its `GET /group/{gid}` and the channel list. */
export const channelChanged = (gid: number) => [
  { type: "Channel" as const, id: gid },
  { type: "Channel" as const, id: LIST },
];

/**
 * For an `onQueryStarted` that applies a call's effect here once the server accepted it:
 * whether it did (a refusal changes nothing locally; the base query or the page shows it).
 */
export async function accepted(queryFulfilled: Promise<unknown>): Promise<boolean> {
  try {
    await queryFulfilled;
    return true;
  } catch {
    return false;
  }
}

export const api = createApi({
  reducerPath: "api",
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
