/**
 * The calls' routes every chat page needs (docs/API.md "Calls (addition)"): the rooms going on,
 * and declining a ring. The routes of a call itself and the admin's settings are in api.ts, which
 * loads with the first call or the settings page. `SILENT` and uncached, as there.
 */
import type { CallRoom } from "@parley/protocol";
import { api } from "../app/services/api";
import { SILENT } from "../app/services/base.query";

export const callRoomsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getCallRooms: builder.query<CallRoom[], void>({ extraOptions: SILENT, query: () => ({ url: "/call/rooms" }), keepUnusedDataFor: 0 }),
    declineCall: builder.mutation<null, { room: string }>({ extraOptions: SILENT, query: (body) => ({ url: "/call/decline", method: "POST", body }) }),
  }),
});
