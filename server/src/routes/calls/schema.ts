import * as z from "zod";

const id = z.number().int().positive();
const room = z.string().regex(/^(group:\d{1,15}|dm:\d{1,15}:\d{1,15})$/, "a call room (group:<gid> or dm:<uid>:<uid>)");
const media = { audio: z.boolean().default(true), video: z.boolean().default(false), screen: z.boolean().default(false) };

/** `POST /call/join`: a channel's call or the DM's with `uid`, and the joiner's media (audio on by default). */
export const joinBody = z.union([z.object({ gid: id, ...media }).strict(), z.object({ uid: id, ...media }).strict()]);

export const roomBody = z.object({ room }).strict();

export const mediaBody = z.object({ room, audio: z.boolean(), video: z.boolean(), screen: z.boolean() }).strict();

/** An SDP is a few KB; a candidate far less. The route's body limit bounds `data` as a whole. */
export const signalBody = z
  .object({
    room,
    to_uid: id,
    kind: z.enum(["offer", "answer", "ice"]),
    data: z.union([z.record(z.string(), z.unknown()), z.string().max(60_000), z.null()]),
  })
  .strict();

export const SIGNAL_BODY_LIMIT = 64 * 1024;

const iceUrl = z.string().trim().max(512).regex(/^(stun|stuns|turn|turns):[^\s]+$/, "a stun:, stuns:, turn: or turns: URL");

/** `POST /admin/call/config` (admins). Without `media` the stored choice stays (clients that predate it). */
export const callSettingsBody = z
  .object({
    stun_urls: z.array(iceUrl).max(8),
    turn_urls: z.array(iceUrl).max(8),
    turn_secret: z.string().max(256),
    turn_ttl_s: z.number().int().min(60).max(7 * 86_400),
    max_participants: z.number().int().min(2).max(16),
    relay_only: z.boolean(),
    media: z.enum(["builtin", "agora"]).optional(),
  })
  .strict();
