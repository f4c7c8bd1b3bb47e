/**
 * The calls' routes (docs/API.md "Calls (addition)", and "Agora"'s tokens for calls on Agora). The call engine shows its own
 * failures (a toast in its words), so each endpoint is `SILENT`; none is cached. The rooms and the
 * ring's decline, which every chat page needs, are in roomsApi.ts; these load with the first call
 * (session.ts) or the settings page.
 */
import type { AgoraTokenResponse, CallAdminConfig, CallConfig, CallJoinRequest, CallMedia, CallRoom, CallSignalRequest } from "@parley/protocol";
import { api } from "../app/services/api";
import { SILENT } from "../app/services/base.query";

export const webrtcApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getCallConfig: builder.query<CallConfig, void>({ extraOptions: SILENT, query: () => ({ url: "/call/config" }), keepUnusedDataFor: 0 }),
    joinCall: builder.mutation<CallRoom, CallJoinRequest>({ extraOptions: SILENT, query: (body) => ({ url: "/call/join", method: "POST", body }) }),
    leaveCall: builder.mutation<null, { room: string }>({ extraOptions: SILENT, query: (body) => ({ url: "/call/leave", method: "POST", body }) }),
    signalCall: builder.mutation<null, CallSignalRequest>({ extraOptions: SILENT, query: (body) => ({ url: "/call/signal", method: "POST", body }) }),
    setCallMedia: builder.mutation<CallRoom, CallMedia & { room: string }>({ extraOptions: SILENT, query: (body) => ({ url: "/call/media", method: "POST", body }) }),
    /** An Agora token for a channel's call or a DM's, when the calls' media is Agora (docs/API.md "Agora"). */
    getAgoraChannelToken: builder.query<AgoraTokenResponse, number>({ extraOptions: SILENT, query: (gid) => ({ url: `/group/${gid}/agora_token` }), keepUnusedDataFor: 0 }),
    getAgoraDmToken: builder.mutation<AgoraTokenResponse, number>({ extraOptions: SILENT, query: (uid) => ({ url: "/admin/agora/token", method: "POST", body: { uid } }) }),
    getCallSettings: builder.query<CallAdminConfig, void>({ extraOptions: SILENT, query: () => ({ url: "/admin/call/config" }), keepUnusedDataFor: 0 }),
    updateCallSettings: builder.mutation<null, CallAdminConfig>({ extraOptions: SILENT, query: (body) => ({ url: "/admin/call/config", method: "POST", body }) }),
  }),
});

export const { useGetCallSettingsQuery, useUpdateCallSettingsMutation } = webrtcApi;
