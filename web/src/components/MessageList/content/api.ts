/**
 * The server reads message content needs, injected into the app's API (so a session reset
 * clears them with it): link previews and forwarded archives. Both fail silently
 * (docs/ARCHITECTURE.md "Client rules": errors) — the endpoint names are in `SILENT_ENDPOINTS`.
 */
import { EMPTY_OPEN_GRAPH, type Archive, type OpenGraphObject } from "@parley/protocol";
import { api } from "../../../app/services/api";

/** Previews and archives do not change: keep them for the session once loaded. */
const KEEP_S = 24 * 3600;

export const contentApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * `GET /resource/open_graphic_parse?url=`, cached per URL in memory. A failure is stored as
     * the empty preview, so it is not asked again and shows nothing.
     */
    getOGInfo: builder.query<OpenGraphObject, string>({
      async queryFn(url, _api, _extra, baseQuery) {
        const res = await baseQuery({ url: "/resource/open_graphic_parse", params: { url } });
        if (res.error || !res.data || typeof res.data !== "object") return { data: EMPTY_OPEN_GRAPH };
        return { data: { ...EMPTY_OPEN_GRAPH, ...(res.data as Partial<OpenGraphObject>) } };
      },
      keepUnusedDataFor: KEEP_S,
    }),
    /**
     * `GET /resource/archive?file_path=`: a forwarded bundle (anonymous route; docs/API.md
     * "Archives").
     */
    getArchiveMessage: builder.query<Archive, string>({
      query: (filePath) => ({ url: "/resource/archive", params: { file_path: filePath } }),
      keepUnusedDataFor: KEEP_S,
    }),
  }),
});

export const { useGetOGInfoQuery, useGetArchiveMessageQuery } = contentApi;
