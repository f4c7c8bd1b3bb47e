/**
 * The two endpoint shapes most services repeat, as one definition each: an uncached read of one
 * URL, and a write of the argument as a JSON body whose refusals the caller shows.
 */
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
