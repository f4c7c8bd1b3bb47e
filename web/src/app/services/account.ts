/**
 * The caller's own account (docs/API.md "Users", "Files"): profile, picture, password, signed-in
 * devices and deleting the account. A profile or picture change reaches the other devices and
 * users through the stream's `users_log`; this device applies the server's answer itself at once.
 */
import type { UserInfo } from "@parley/protocol";
import { accepted, api } from "./api";
import { SILENT } from "./base.query";
import { updateLoginUser } from "../slices/auth.data";
import { upsertUsers } from "../slices/users";
import { clearSession } from "../session";
import { freshGet, silentSend } from "./endpoints";

/** `PUT /user`: only the fields that changed. */
export interface ProfileChange {
  name?: string;
  email?: string;
  gender?: number;
  language?: string;
}

export interface PasswordChange {
  old_password: string;
  new_password: string;
}

export const accountApi = api.injectEndpoints({
  endpoints: (builder) => ({
    updateProfile: builder.mutation<UserInfo, ProfileChange>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/user", method: "PUT", body }),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(updateLoginUser(data));
          dispatch(upsertUsers([data]));
        } catch {
          // the page shows the refusal
        }
      },
    }),
    /** `POST /user/avatar` with a PNG body; this device shows it at once; the directory's copy comes with the stream's `users_log`. */
    uploadMyAvatar: builder.mutation<null, Blob>({
      extraOptions: SILENT,
      query: (image) => ({ url: "/user/avatar", method: "POST", body: image, headers: { "Content-Type": "image/png" } }),
      async onQueryStarted(_image, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(updateLoginUser({ avatar_updated_at: Date.now() }));
      },
    }),
    /** Other devices' sessions end at their next renewal; this one stays signed in. */
    changePassword: builder.mutation<null, PasswordChange>(silentSend("/user/change_password", "POST")),
    /** `GET /user/devices`: the device ids with a session, oldest first. */
    getDevices: builder.query<string[], void>(freshGet("/user/devices")),
    /** `DELETE /user/devices/{device}`: that device's session ends and its stream is kicked. */
    removeDevice: builder.mutation<null, string>({
      extraOptions: SILENT,
      query: (device) => ({ url: `/user/devices/${encodeURIComponent(device)}`, method: "DELETE" }),
      async onQueryStarted(device, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        dispatch(accountApi.util.updateQueryData("getDevices", undefined, (list) => list.filter((d) => d !== device)));
      },
    }),
    /** `DELETE /user/delete`: the account and everything of it; this session ends here. */
    deleteMyAccount: builder.mutation<null, void>({
      extraOptions: SILENT,
      query: () => ({ url: "/user/delete", method: "DELETE" }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (!(await accepted(queryFulfilled))) return;
        clearSession(dispatch);
      },
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUploadMyAvatarMutation,
  useChangePasswordMutation,
  useGetDevicesQuery,
  useRemoveDeviceMutation,
  useDeleteMyAccountMutation,
} = accountApi;
