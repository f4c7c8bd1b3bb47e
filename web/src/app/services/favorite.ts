/**
 * Archives (docs/API.md "Archives", "Favorites"): snapshots of messages, used two ways — saved
 * items (`/favorite`, private to the user) and forwarding (`POST /resource/archive`, then a
 * `vocechat/archive` message whose body is the archive path).
 */
import { ContentType, type Archive, type CreateArchiveRequest, type FavoriteArchive } from "@parley/protocol";
import { encodeProperties } from "../../utils/base64";
import { api } from "./api";
import { nextLocalId } from "./sendFlow";
import type { ConvKind } from "../slices/messages";

/** Content types the server can archive (400 for the others: audio, forwards). */
export const ARCHIVABLE: readonly string[] = [ContentType.text, ContentType.markdown, ContentType.file];

export interface ArchiveTarget {
  kind: ConvKind;
  /** Channel gid or user uid. */
  id: number;
}

export const favoriteApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /favorite`: the caller's saved items, oldest first. */
    getFavorites: builder.query<FavoriteArchive[], void>({
      query: () => ({ url: "/favorite" }),
      providesTags: ["Favorite"],
    }),
    /** `GET /favorite/{id}`: one saved item's archive (silent on failure). */
    getFavoriteDetails: builder.query<Archive, string>({
      query: (id) => ({ url: `/favorite/${encodeURIComponent(id)}` }),
    }),
    /** `POST /favorite {mid_list}`: 429 beyond 100 saved items. */
    addFavorite: builder.mutation<FavoriteArchive, number[]>({
      query: (mids) => ({ url: "/favorite", method: "POST", body: { mid_list: mids } satisfies CreateArchiveRequest }),
      invalidatesTags: ["Favorite"],
    }),
    removeFavorite: builder.mutation<null, string>({
      query: (id) => ({ url: `/favorite/${encodeURIComponent(id)}`, method: "DELETE" }),
      invalidatesTags: ["Favorite"],
    }),
    /** `POST /resource/archive {mid_list}`: the archive path `Y/M/D/<uuid>`. */
    createArchive: builder.mutation<string, number[]>({
      query: (mids) => ({ url: "/resource/archive", method: "POST", body: { mid_list: mids } satisfies CreateArchiveRequest }),
    }),
    /**
     * Send an archive to a channel or a user. Not shown optimistically: an archive-type send
     * skips the temporary copy (docs/ARCHITECTURE.md "Client rules": sending), the stream's `chat`
     * echo adds it.
     */
    sendArchive: builder.mutation<number, ArchiveTarget & { path: string }>({
      query: ({ kind, id, path }) => ({
        url: `/${kind === "channel" ? "group" : "user"}/${id}/send`,
        method: "POST",
        body: path,
        headers: { "Content-Type": ContentType.archive, "X-Properties": encodeProperties({ local_id: nextLocalId() }) },
      }),
    }),
  }),
});

export const {
  useGetFavoritesQuery,
  useGetFavoriteDetailsQuery,
  useAddFavoriteMutation,
  useRemoveFavoriteMutation,
  useCreateArchiveMutation,
  useSendArchiveMutation,
} = favoriteApi;
