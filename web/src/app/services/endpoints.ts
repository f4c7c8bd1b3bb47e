/**
 * The two endpoint shapes most services repeat, as one definition each: an uncached read of one
 * URL, and a write of the argument as a JSON body whose refusals the caller shows.
 */
import type { AdminUser } from "@parley/protocol";
import { SILENT, type EndpointOptions } from "./base.query";

/**
 * `GET url`, read afresh whenever a screen opens (`keepUnusedDataFor: 0`: nothing kept once
 * unused, so an admin never sees another admin's stale settings). `options`: `SILENT` when the
 * caller shows the failure.
 */
export const freshGet = (url: string, options: EndpointOptions = {}) => ({ query: () => ({ url }), keepUnusedDataFor: 0, extraOptions: options });

/** `GET url` whose failures the caller shows (`SILENT`), kept as RTK Query keeps reads. */
export const silentGet = (url: string) => ({ extraOptions: SILENT, query: () => ({ url }) });

/** `method url` with the argument as its JSON body; its refusals are shown by the caller, in the server's words (`SILENT`). */
export const silentSend = (url: string, method: "POST" | "PUT" | "DELETE") => ({ extraOptions: SILENT, query: (body: unknown) => ({ url, method, body }) });

/** `PUT /admin/user/{uid}` with the other fields as the body (Members and Bots); its refusals are shown by the caller. */
export const putAdminUser = { extraOptions: SILENT, query: ({ uid, ...body }: { uid: number }) => ({ url: `/admin/user/${uid}`, method: "PUT", body }) };

/**
 * After a save that answers the account, its row of a cached admin list is replaced at once
 * (`replace` applies the recipe to the caller's cache); a refusal is the caller's to show.
 */
export async function replaceRowWhenSaved(saved: Promise<{ data: AdminUser }>, replace: (recipe: (list: AdminUser[]) => AdminUser[]) => void): Promise<void> {
  try {
    const { data } = await saved;
    replace((list) => list.map((u) => (u.uid === data.uid ? data : u)));
  } catch {
    // shown by the caller
  }
}
