/**
 * Agora calls (docs/API.md "Agora"): the admin's settings and the usage report. Every call here
 * is shown by the Agora settings page, so each is `SILENT`.
 */
import type { AgoraConfig, AgoraUsages } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";

export const callsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** Agora is on with an app id and certificate: the calls' media may then be Agora's. */
    getAgoraEnabled: builder.query<boolean, void>({ extraOptions: SILENT, query: () => ({ url: "/admin/agora/enabled" }), keepUnusedDataFor: 0 }),
    getAgoraConfig: builder.query<AgoraConfig, void>({ extraOptions: SILENT, query: () => ({ url: "/admin/agora/config" }), keepUnusedDataFor: 0 }),
    /** The masked certificate and secret sent back keep the stored ones. */
    updateAgoraConfig: builder.mutation<null, AgoraConfig>({ extraOptions: SILENT, query: (body) => ({ url: "/admin/agora/config", method: "POST", body }) }),
    getAgoraUsages: builder.query<AgoraUsages, { from_date: string; to_date: string }>({
      extraOptions: SILENT,
      query: (params) => ({ url: "/admin/agora/usages", params }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAgoraEnabledQuery, useGetAgoraConfigQuery, useUpdateAgoraConfigMutation, useGetAgoraUsagesQuery } = callsApi;
