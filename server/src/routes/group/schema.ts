import * as z from "zod";
import { INVITE_MAX_EXPIRY_S, INVITE_MAX_TIMES } from "../../commands/invites.js";
import { idParam, idValue } from "../shared.js";

export const createGroupBody = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().max(1024).nullish(),
  members: z.array(idValue).max(10_000).nullish(),
  is_public: z.boolean().nullish(),
});

export const listGroupsQuery = z.object({
  public_only: z.enum(["true", "false"]).optional(),
});

/**
 * `PUT /group/{gid}`: every field optional; null is the same as absent (docs/API.md "Conventions").
 */
export const updateGroupBody = z.object({
  name: z.string().trim().min(1).max(64).nullish(),
  description: z.string().max(1024).nullish(),
  owner: idValue.nullish(),
  show_email: z.boolean().nullish(),
  add_friend: z.boolean().nullish(),
  dm_to_member: z.boolean().nullish(),
  only_owner_can_send_msg: z.boolean().nullish(),
  ext_setting: z.string().max(4096).nullish(),
});

export const changeTypeBody = z.object({
  is_public: z.boolean(),
  members: z.array(idValue).max(100_000).nullish(),
});

/** `members/add` and `members/remove`: a bare JSON array of uids. */
export const uidListBody = z.array(idValue).max(10_000);

export const pinBody = z.object({ mid: idValue });

export const announcementBody = z.object({
  content: z
    .string()
    .max(10_000)
    .refine((s) => s.trim().length > 0, "must not be empty"),
});

const seconds = idParam.pipe(z.number().max(INVITE_MAX_EXPIRY_S, `at most ${INVITE_MAX_EXPIRY_S} seconds`));
const times = idParam.pipe(z.number().max(INVITE_MAX_TIMES, `at most ${INVITE_MAX_TIMES}`));

export const regLinkQuery = z.object({
  gid: idParam.optional(),
  expired_in: seconds.optional(),
  max_times: times.optional(),
});

export const privateLinkQuery = z.object({
  gid: idParam,
  expired_in: seconds.optional(),
  max_times: times.optional(),
});

export const joinPrivateBody = z.object({ magic_token: z.string().min(1).max(512) });
