/**
 * The admin console's data pages (docs/API.md "Server settings", "Files"): what the clearing
 * actions would remove, clearing every message or every file, and the widget's stylesheet.
 * Their refusals are shown by the pages, in the server's words (`extraOptions: SILENT`).
 */
import type { DataSummary } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { freshGet } from "./endpoints";

export const adminDataApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /api/admin/system/data_summary`: the messages, and the files still kept with their size. */
    getDataSummary: builder.query<DataSummary, void>(freshGet("/admin/system/data_summary")),
    /** `DELETE /api/admin/system/message/clear`; every stream's `message_cleared` empties the conversations. */
    clearAllMessages: builder.mutation<null, void>({
      extraOptions: SILENT,
      query: () => ({ url: "/admin/system/message/clear", method: "DELETE" }),
    }),
    /** `DELETE /api/resource/file/delete`: every uploaded file; their messages stay, listed as expired. */
    deleteAllFiles: builder.mutation<null, void>({
      extraOptions: SILENT,
      query: () => ({ url: "/resource/file/delete", method: "DELETE" }),
    }),
    /** `GET /api/resource/widget-extra.css` as text; "" while none is set (the server's 404). */
    getWidgetCss: builder.query<string, void>({
      extraOptions: SILENT,
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const res = await baseQuery({ url: "/resource/widget-extra.css", responseHandler: "text" });
        if (res.error?.status === 404) return { data: "" };
        return res.error ? { error: res.error } : { data: typeof res.data === "string" ? res.data : "" };
      },
      keepUnusedDataFor: 0,
    }),
    /** `PUT /api/resource/widget-extra.css {data}` (at most 100,000 characters: 413 beyond). */
    updateWidgetCss: builder.mutation<null, string>({
      extraOptions: SILENT,
      query: (data) => ({ url: "/resource/widget-extra.css", method: "PUT", body: { data } }),
    }),
  }),
});

export const { useGetDataSummaryQuery, useClearAllMessagesMutation, useDeleteAllFilesMutation, useGetWidgetCssQuery, useUpdateWidgetCssMutation } = adminDataApi;
