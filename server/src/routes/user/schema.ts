import * as z from "zod";
import type { MessageTarget } from "@parley/protocol";
import type { RawBody } from "../../http/validate.js";
import { idValue } from "../shared.js";

/**
 * A BCP-47-shaped language tag ("en-US", "zh-Hans-CN"); anything script-like is rejected
 * (docs/API.md "Users").
 */
const language = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, "expected a language tag");

/** An http(s) URL, or "" to clear it. */
const webhookUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ }).max(2048)]);

/**
 * `PUT /user`: every field optional, null the same as absent (docs/API.md "Conventions"); at least
 * one is needed.
 */
export const updateUserBody = z.object({
  name: z.string().trim().min(1).max(32).nullish(),
  gender: z.number().int().min(0).max(1).nullish(),
  language: language.nullish(),
  email: z.email().max(254).nullish(),
  webhook_url: webhookUrl.nullish(),
  msg_smtp_notify_enable: z.boolean().nullish(),
});

export const changePasswordBody = z.object({
  old_password: z.string().max(128),
  new_password: z.string().min(6).max(128),
});

export const deviceTokenBody = z.object({
  device_token: z.string().max(4096).nullish(),
});

export const fcmTokenQuery = z.object({
  device: z.string().min(1).max(256).optional(),
});

/** A device id in the path: the free-form string clients chose at login. */
export const deviceParam = z.string().min(1).max(256);
export const deviceParams = z.object({ device: deviceParam });

/** `PUT /user/update_fcm_token`: the raw text/plain push token (the route bounds it). */
export const FCM_TOKEN_BODY: RawBody = { contentTypes: ["text/plain"], text: z.string().max(4_096) };

/** Seconds, as VoceChat's u32. */
const seconds = z.number().int().min(0).max(4_294_967_295);

/** An optional list: absent or null is empty (docs/API.md "Conventions"). */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(10_000)
    .nullish()
    .transform((v): z.infer<T>[] => v ?? []);

export const muteBody = z.object({
  add_users: list(z.object({ uid: idValue, expired_in: seconds.nullish().transform((v) => v ?? null) })),
  add_groups: list(z.object({ gid: idValue, expired_in: seconds.nullish().transform((v) => v ?? null) })),
  remove_users: list(idValue),
  remove_groups: list(idValue),
});

export const burnAfterReadingBody = z.object({
  users: list(z.object({ uid: idValue, expires_in: seconds })),
  groups: list(z.object({ gid: idValue, expires_in: seconds })),
});

export const readIndexBody = z.object({
  users: list(z.object({ uid: idValue, mid: idValue })),
  groups: list(z.object({ gid: idValue, mid: idValue })),
});

/** A conversation: exactly one of `uid` and `gid` (untagged targets, docs/API.md "Conventions"). */
export const target = z
  .object({ uid: idValue.nullish(), gid: idValue.nullish() })
  .refine((t) => (t.uid == null) !== (t.gid == null), { message: "expected exactly one of uid and gid" })
  .transform((t): MessageTarget => (t.gid != null ? { gid: t.gid } : { uid: t.uid as number }));

export const targetBody = z.object({ target });

export const contactStatusBody = z.object({
  target_uid: idValue,
  action: z.enum(["add", "block", "remove", "unblock"]),
});

export const contactRemarkBody = z.object({
  contact_uid: idValue,
  remark: z.string().trim().max(64),
});

export const searchBody = z.object({
  search_type: z.enum(["id", "email", "name"]),
  keyword: z.string().trim().min(1).max(254),
});
