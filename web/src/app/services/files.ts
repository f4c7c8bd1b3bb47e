/**
 * The files screen (docs/API.md "Files"): the server's file list of `GET /admin/system/files`
 * (admins; server ≥ 0.3.11). Saved items live in `favorite.ts`.
 */
import type { AdminFileItem } from "@parley/protocol";
import { api } from "./api";

/** Rows per request of the file list (the server's maximum is 500). */
export const FILES_PAGE_SIZE = 500;
/** The file list is read whole up to this many rows; filters then run on the client. */
export const FILES_MAX_ROWS = 5_000;

// Injected when the files screen loads, so the chat bundle does not carry it.
export const filesApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * `GET /admin/system/files`, every page (newest first) up to `FILES_MAX_ROWS`: the screen
     * filters by name, kind, sender, conversation and date on the client, which the server's
     * query parameters cannot all express (a DM, "other" kinds, a name).
     */
    getFiles: builder.query<AdminFileItem[], void>({
      async queryFn(_arg, _api, _extra, base) {
        const rows: AdminFileItem[] = [];
        for (let page = 1; rows.length < FILES_MAX_ROWS; page++) {
          const res = await base({ url: "/admin/system/files", params: { page, page_size: FILES_PAGE_SIZE } });
          if (res.error) return { error: res.error };
          const batch = Array.isArray(res.data) ? (res.data as AdminFileItem[]) : [];
          rows.push(...batch);
          if (batch.length < FILES_PAGE_SIZE) break;
        }
        return { data: rows };
      },
      providesTags: ["File"],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetFilesQuery } = filesApi;
