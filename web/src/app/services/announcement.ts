/**
 * Reading a channel's announcement (docs/API.md "Groups"), on the chat route: apart from the
 * owner's and admins' changes (./channelAdmin.ts), which only the settings load.
 */
import type { GroupAnnouncement, GroupAnnouncementResponse } from "@parley/protocol";
import { setAnnouncement } from "../slices/channels";
import { api } from "./api";
import { SILENT } from "./base.query";

interface ChannelsLike {
  channels: { announcements: Record<number, GroupAnnouncement | null | undefined> };
}

export const announcementApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * `GET /group/{gid}/announcement`, into the channels slice (which a (re)connected stream
     * empties, so it is asked again); a stream event that came while it was asked is newer and stays.
     */
    getAnnouncement: builder.query<GroupAnnouncement | null, number>({
      extraOptions: SILENT,
      query: (gid) => ({ url: `/group/${gid}/announcement` }),
      transformResponse: (res: GroupAnnouncementResponse) => res.announcement ?? null,
      keepUnusedDataFor: 0,
      async onQueryStarted(gid, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if ((getState() as unknown as ChannelsLike).channels.announcements[gid] === undefined) dispatch(setAnnouncement({ gid, announcement: data }));
        } catch {
          // not readable: no announcement shown
        }
      },
    }),
  }),
});

export const { useGetAnnouncementQuery } = announcementApi;
