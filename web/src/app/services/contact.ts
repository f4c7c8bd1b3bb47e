/**
 * Contacts (docs/API.md "Users"): the caller's contact list and statuses, and the
 * private remarks. Results land in the footprint slice (`contacts`, `remarks`), which the stream
 * also feeds (`user_settings_changed`, `user_remark` from this user's other devices) — so every
 * screen reads the footprint, never these caches.
 */
import type { Contact, ContactAction, ContactRemarkRequest, UpdateContactStatusRequest } from "@parley/protocol";
import { accepted, api } from "./api";
import { applySettingsChanged, setRemark, type FootprintState } from "../slices/footprint";

/** add → added, block → blocked, remove and unblock → ''. */
export const CONTACT_STATUS_AFTER: Record<ContactAction, "added" | "blocked" | ""> = {
  add: "added",
  block: "blocked",
  remove: "",
  unblock: "",
};

type FootprintLike = { footprint: FootprintState };

export const contactApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /user/contacts`: replaces the known statuses (users missing from it are ''). */
    getContacts: builder.query<Contact[], void>({
      query: () => ({ url: "/user/contacts" }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (!Array.isArray(data)) return;
          const known = (getState() as unknown as FootprintLike).footprint.contacts;
          const listed = new Set(data.map((c) => c.target_uid));
          dispatch(
            applySettingsChanged({
              add_contacts: data.map((c) => ({ target_uid: c.target_uid, info: c.contact_info })),
              remove_contacts: Object.keys(known).map(Number).filter((uid) => !listed.has(uid)),
            }),
          );
        } catch {
          // failed contact calls are silent
        }
      },
    }),
    /**
     * `POST /user/update_contact_status`. The server tells only this user's *other* devices, so
     * this one applies the new status itself once the server has accepted it (a failure
     * changes nothing locally).
     */
    updateContactStatus: builder.mutation<null, UpdateContactStatusRequest>({
      query: (body) => ({ url: "/user/update_contact_status", method: "POST", body }),
      async onQueryStarted({ target_uid, action }, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        const status = CONTACT_STATUS_AFTER[action];
        const now = Date.now();
        dispatch(
          applySettingsChanged(
            status ? { add_contacts: [{ target_uid, info: { status, created_at: now, updated_at: now } }] } : { remove_contacts: [target_uid] },
          ),
        );
      },
    }),
    /** Parley's `GET /user/contact_remarks`: the remarks this user set, for a fresh load. */
    getRemarks: builder.query<ContactRemarkRequest[], void>({
      query: () => ({ url: "/user/contact_remarks" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (Array.isArray(data)) for (const r of data) dispatch(setRemark({ uid: r.contact_uid, remark: r.remark }));
        } catch {
          // an older server without the route: remarks still arrive live as user_remark
        }
      },
    }),
    /** `PUT /user/contact_remark` (`""` clears); other devices hear `user_remark`, this one sets it here. */
    updateRemark: builder.mutation<null, ContactRemarkRequest>({
      query: (body) => ({ url: "/user/contact_remark", method: "PUT", body }),
      async onQueryStarted({ contact_uid, remark }, { dispatch, queryFulfilled }) {
        // A refusal is toasted by the base query.
        if (await accepted(queryFulfilled)) dispatch(setRemark({ uid: contact_uid, remark: remark.trim() }));
      },
    }),
  }),
});

export const { useGetContactsQuery, useUpdateContactStatusMutation, useGetRemarksQuery, useUpdateRemarkMutation } = contactApi;
