/**
 * The Members admin page (docs/API.md "Identity", "Users"): the admin view of every account (for
 * what the user directory lacks: frozen or not), role, freeze and password changes, removal, and
 * the server's user search. Creating a user is `createUser` of `server.ts`. The directory itself
 * (names, roles, who exists) is the `users` slice, which the stream's `users_log` keeps current on
 * every open client; these calls never write it.
 */
import type { AdminUser, UserInfo, UserStatus } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { freshGet, putAdminUser, replaceRowWhenSaved, silentSend } from "./endpoints";

/** `PUT /admin/user/{uid}`: the fields the Members page changes, one at a time. */
export interface AdminUserChange {
  uid: number;
  is_admin?: boolean;
  status?: UserStatus;
  password?: string;
}

/** `POST /user/search`: by uid, e-mail or exact name. */
export interface UserSearch {
  search_type: "id" | "email" | "name";
  keyword: string;
}

export const adminUsersApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /admin/user`: every account but guests, as the admin view; never kept once unused. */
    getAdminUsers: builder.query<AdminUser[], void>(freshGet("/admin/user")),
    /** The answer replaces the account's row of the admin list at once; the directory follows from the stream. */
    updateAdminUser: builder.mutation<AdminUser, AdminUserChange>({
      ...putAdminUser,
      onQueryStarted: (_change, { dispatch, queryFulfilled }) =>
        replaceRowWhenSaved(queryFulfilled, (recipe) => dispatch(adminUsersApi.util.updateQueryData("getAdminUsers", undefined, recipe))),
    }),
    /** `DELETE /admin/user/{uid}`: the stream's `users_log` delete takes the account off every directory. */
    deleteAdminUser: builder.mutation<null, number>({
      extraOptions: SILENT,
      query: (uid) => ({ url: `/admin/user/${uid}`, method: "DELETE" }),
    }),
    searchUser: builder.mutation<UserInfo, UserSearch>(silentSend("/user/search", "POST")),
  }),
});

export const { useGetAdminUsersQuery, useUpdateAdminUserMutation, useDeleteAdminUserMutation, useSearchUserMutation } = adminUsersApi;
