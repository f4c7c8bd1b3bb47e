/**
 * The Widget settings page's calls (docs/API.md "Widget"): the widget's look and the sites that
 * may embed it, the two pages and their API key; and the widget's sign-in popup's finish.
 * Refusals are shown by the page, in the server's words (`extraOptions: SILENT`).
 */
import type { PageApiKey, PageName, WidgetOAuthFinish, WidgetSettings } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { freshGet, silentSend } from "./endpoints";

export const widgetApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /api/admin/widget/config`. */
    getWidgetSettings: builder.query<WidgetSettings, void>(freshGet("/admin/widget/config", SILENT)),
    /** `PUT /api/admin/widget/config`: answers what was stored (origins normalized). */
    updateWidgetSettings: builder.mutation<WidgetSettings, WidgetSettings>(silentSend("/admin/widget/config", "PUT")),
    /** `GET /api/page/{name}` as text ("" while none was written). */
    getPage: builder.query<string, PageName>({
      extraOptions: SILENT,
      query: (name) => ({ url: `/page/${name}`, responseHandler: "text" }),
      keepUnusedDataFor: 0,
    }),
    /** `PUT /api/page/{name}` (text/plain), or `DELETE` when `text` is null. */
    savePage: builder.mutation<null, { name: PageName; text: string | null }>({
      extraOptions: SILENT,
      query: ({ name, text }) =>
        text === null
          ? { url: `/page/${name}`, method: "DELETE" }
          : { url: `/page/${name}`, method: "PUT", body: text, headers: { "content-type": "text/plain" } },
    }),
    /** `GET /api/page/apikey`. */
    getPageApiKey: builder.query<PageApiKey, void>(freshGet("/page/apikey", SILENT)),
    /**
     * `POST /api/widget/oauth/finish`: the popup's callback of a Google, GitHub or OIDC sign-in
     * started in the widget; answers the widget page's origin, which alone the popup tells.
     */
    finishWidgetOAuth: builder.mutation<{ origin: string | null }, WidgetOAuthFinish>(silentSend("/widget/oauth/finish", "POST")),
    /** `POST /api/page/apikey`: a new key replaces the old one. */
    rotatePageApiKey: builder.mutation<PageApiKey, void>({
      extraOptions: SILENT,
      query: () => ({ url: "/page/apikey", method: "POST" }),
    }),
  }),
});

export const {
  useGetWidgetSettingsQuery,
  useUpdateWidgetSettingsMutation,
  useGetPageQuery,
  useSavePageMutation,
  useGetPageApiKeyQuery,
  useRotatePageApiKeyMutation,
  useFinishWidgetOAuthMutation,
} = widgetApi;
