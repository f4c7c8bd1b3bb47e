import {
  ContentType,
  DEFAULT_CALL_ADMIN_CONFIG,
  SECRET_MASK,
  type CallAdminConfig,
  type CallConfig,
  type CallMedia,
  type CallMediaBackend,
  type CallMessageProperties,
  type CallRoom,
  type CallRoomId,
  type CallSignalRequest,
  type Gid,
  type IceServer,
  type Uid,
} from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import { allRooms, bumpRoom, dmRoom, groupRoom, loadRoom, presentRoom, roomsOf, type RoomRow } from "../calls/rooms.js";
import { turnCredential } from "../calls/turn.js";
import type { AppContext } from "../context.js";
import { dmAudience, groupAudience } from "../events/audience.js";
import type { Audience } from "../events/bus.js";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.js";
import { groupPolicy } from "../policies/groups.js";
import { agoraReady, loadAgoraConfig } from "./agora.js";
import { describeChange, setConfigAudited, type AuditActor } from "./audit.js";
import { assertCanWriteDirectly } from "./direct.js";
import { loadGroup } from "./groups.js";
import { sendMessage } from "./messages.js";

/**
 * CALLS (docs/API.md "Calls (addition)", docs/CALLS.md): Parley's own WebRTC calls. The server
 * keeps the rooms (who is in which conversation's call, with their media flags) and relays the
 * signalling between participants; media goes between the browsers (a mesh), through TURN when
 * the admin configures one.
 */
const CONFIG_KEY = "calls";
/** A DM call rings this long before it is "missed". */
export const RING_TIMEOUT_MS = 30_000;
/** How often the call sweep (`sweepCalls`) runs by default (`callSweepMs` in the config). */
export const CALL_SWEEP_INTERVAL_MS = 5_000;
/** A participant whose event stream has been gone this long is dropped by the sweep. */
export const STALE_PARTICIPANT_MS = 30_000;

export async function loadCallSettings(ctx: AppContext): Promise<CallAdminConfig> {
  return { ...DEFAULT_CALL_ADMIN_CONFIG, ...((await ctx.repos.config.get<Partial<CallAdminConfig>>(CONFIG_KEY)) ?? {}) };
}

export const presentCallSettings = (config: CallAdminConfig): CallAdminConfig => ({ ...config, turn_secret: config.turn_secret ? SECRET_MASK : "" });

/**
 * `POST /admin/call/config`: the mask keeps the stored TURN secret, a missing `media` the stored
 * choice. Agora's media may be chosen only while Agora is on with an app id and certificate (400).
 */
export async function saveCallSettings(ctx: AppContext, input: Omit<CallAdminConfig, "media"> & { media?: CallMediaBackend }, audit: AuditActor): Promise<void> {
  const stored = await loadCallSettings(ctx);
  const next: CallAdminConfig = { ...input, media: input.media ?? stored.media, turn_secret: input.turn_secret === SECRET_MASK ? stored.turn_secret : input.turn_secret };
  if (next.media === "agora" && next.media !== stored.media && !agoraReady(await loadAgoraConfig(ctx))) throw badRequest("Agora is not configured: turn it on with an app id and certificate first");
  const { turn_secret: _secret, ...visible } = next;
  const detail = { ...describeChange(visible), turn_secret_changed: next.turn_secret !== stored.turn_secret };
  await setConfigAudited(ctx, CONFIG_KEY, next, audit, { action: "settings.calls", detail });
}

/** Bots hold sessions too, but calls are between people. */
async function assertPerson(ctx: AppContext, actor: TokenClaims): Promise<void> {
  const me = await ctx.repos.users.byId(actor.uid);
  if (!me || me.is_bot === 1 || actor.is_guest) throw forbidden("calls are between members");
}

/**
 * `GET /call/config`: the media to use (Agora's only while Agora is still ready, else the built-in
 * calls), the ICE servers, TURN ones with credentials for the caller that expire.
 */
export async function callConfig(ctx: AppContext, actor: TokenClaims): Promise<CallConfig> {
  await assertPerson(ctx, actor);
  const settings = await loadCallSettings(ctx);
  const ice_servers: IceServer[] = [];
  if (settings.stun_urls.length) ice_servers.push({ urls: settings.stun_urls });
  if (settings.turn_urls.length) {
    ice_servers.push(settings.turn_secret ? { urls: settings.turn_urls, ...turnCredential(settings.turn_secret, actor.uid, settings.turn_ttl_s) } : { urls: settings.turn_urls });
  }
  const media: CallMediaBackend = settings.media === "agora" && agoraReady(await loadAgoraConfig(ctx)) ? "agora" : "builtin";
  return { media, ice_servers, ice_transport_policy: settings.relay_only ? "relay" : "all", max_participants: settings.max_participants };
}

/** A conversation's room as the actor may reach it, with who hears about it. */
interface Place {
  room: CallRoomId;
  gid: Gid | null;
  dm: [Uid, Uid] | null;
  audience: Audience;
  /** The other party of a DM. */
  peer: Uid | null;
}

/**
 * Who may be in a call: a channel's readers (404 for a channel the actor cannot see, 403 when they
 * may not read it), or the two parties of a DM while the actor may write to the other (blocks,
 * DMs off and contact verification refuse it, 403).
 */
async function placeOf(ctx: AppContext, actor: TokenClaims, target: { gid: Gid } | { uid: Uid }): Promise<Place> {
  await assertPerson(ctx, actor);
  if ("gid" in target) {
    const group = await loadGroup(ctx, actor, target.gid);
    if (!groupPolicy.canRead(actor, group)) throw forbidden("not a member of this channel");
    return { room: groupRoom(target.gid), gid: target.gid, dm: null, audience: groupAudience(group), peer: null };
  }
  const peer = await ctx.repos.users.byId(target.uid);
  if (!peer || peer.uid === actor.uid || peer.create_by === "guest") throw notFound("no such user");
  if (peer.is_bot === 1) throw forbidden("calls are between members");
  await assertCanWriteDirectly(ctx, actor, peer);
  const low = Math.min(actor.uid, peer.uid);
  const high = Math.max(actor.uid, peer.uid);
  return { room: dmRoom(low, high), gid: null, dm: [low, high], audience: dmAudience(low, high), peer: peer.uid };
}

/** The place of a stored room, checked for the actor (404 when it is gone or not theirs). */
async function placeOfRoom(ctx: AppContext, actor: TokenClaims, room: CallRoomId): Promise<Place> {
  const group = /^group:(\d{1,15})$/.exec(room);
  if (group) return placeOf(ctx, actor, { gid: Number(group[1]) });
  const dm = /^dm:(\d{1,15}):(\d{1,15})$/.exec(room);
  if (!dm) throw notFound("no such call");
  const [low, high] = [Number(dm[1]), Number(dm[2])];
  if (actor.uid !== low && actor.uid !== high) throw notFound("no such call");
  return placeOf(ctx, actor, { uid: actor.uid === low ? high : low });
}

/** The audience of a stored room without checking anyone's rights (the sweep's). */
async function audienceOfRow(ctx: AppContext, row: RoomRow): Promise<Audience | null> {
  if (row.dm_low !== null && row.dm_high !== null) return dmAudience(row.dm_low, row.dm_high);
  const group = row.gid === null ? undefined : await ctx.repos.groups.byId(row.gid);
  return group ? groupAudience(group) : null;
}

async function publishRoom(ctx: AppContext, room: CallRoomId, audience: Audience | null): Promise<CallRoom | null> {
  const state = await loadRoom(ctx.db, room);
  if (!state) return null;
  const presented = presentRoom(state.row, state.participants);
  if (audience) ctx.bus.publish({ type: "call_room", room: presented, ended: false }, audience);
  return presented;
}

/** `GET /call/rooms`: the calls going on in the conversations the caller may join. */
export async function listRooms(ctx: AppContext, actor: TokenClaims): Promise<CallRoom[]> {
  await assertPerson(ctx, actor);
  const out: CallRoom[] = [];
  for (const { row, participants } of await allRooms(ctx.db)) {
    if (row.dm_low !== null) {
      if (actor.uid !== row.dm_low && actor.uid !== row.dm_high) continue;
    } else {
      const group = row.gid === null ? undefined : await ctx.repos.groups.byId(row.gid);
      if (!group || !groupPolicy.canRead(actor, group)) continue;
    }
    out.push(presentRoom(row, participants));
  }
  return out;
}

/**
 * `POST /call/join`: starts the conversation's call or joins it, leaving any other call of the
 * caller's first. A DM call rings the peer until they join, decline, or 30 s pass. 409 when the
 * room is full.
 */
export async function joinCall(ctx: AppContext, actor: TokenClaims, target: { gid: Gid } | { uid: Uid }, media: CallMedia): Promise<CallRoom> {
  const place = await placeOf(ctx, actor, target);
  for (const other of await roomsOf(ctx.db, actor.uid)) if (other !== place.room) await removeParticipant(ctx, other, actor.uid);
  const { max_participants } = await loadCallSettings(ctx);
  const now = Date.now();
  const flags = { audio: media.audio ? 1 : 0, video: media.video ? 1 : 0, screen: media.screen ? 1 : 0 };
  let rings = false;
  let started = false;
  await ctx.db.transaction().execute(async (tx) => {
    const present = await tx.selectFrom("call_participants").select("uid").where("room", "=", place.room).execute();
    if (!present.some((p) => p.uid === actor.uid) && present.length >= max_participants) throw conflict({ reason: "full" }, "this call is full");
    const created = await tx
      .insertInto("call_rooms")
      .values({ room: place.room, gid: place.gid, dm_low: place.dm?.[0] ?? null, dm_high: place.dm?.[1] ?? null, started_by: actor.uid, started_at: now, ring_uid: null, ring_until: null, version: 0 })
      .onConflict((oc) => oc.column("room").doNothing())
      .executeTakeFirst();
    started = Number(created.numInsertedOrUpdatedRows ?? 0) > 0;
    await tx
      .insertInto("call_participants")
      .values({ room: place.room, uid: actor.uid, device: actor.device, joined_at: now, seen_at: now, ...flags })
      .onConflict((oc) => oc.columns(["room", "uid"]).doUpdateSet({ device: actor.device, joined_at: now, seen_at: now, ...flags }))
      .execute();
    if (place.peer !== null) {
      const peerIn = present.some((p) => p.uid === place.peer);
      rings = !peerIn;
      await tx
        .updateTable("call_rooms")
        .set(peerIn ? { ring_uid: null, ring_until: null } : { ring_uid: place.peer, ring_until: now + RING_TIMEOUT_MS })
        .where("room", "=", place.room)
        .execute();
    }
    await bumpRoom(tx, place.room);
  });
  if (rings && place.peer !== null) {
    ctx.bus.publish({ type: "call_ring", room: place.room, from_uid: actor.uid, state: "ringing", expires_at: now + RING_TIMEOUT_MS }, { kind: "users", uids: [place.peer] });
  }
  const room = await publishRoom(ctx, place.room, place.audience);
  if (!room) throw notFound("no such call"); // emptied by a racing sweep in between
  // A channel hears that a call began (a DM hears the ring instead, and its outcome after).
  if (started && place.gid !== null) await postCallEvent(ctx, actor.uid, { gid: place.gid }, { event: "started", duration_ms: 0 });
  return room;
}

async function participant(ctx: AppContext, room: CallRoomId, uid: Uid) {
  return ctx.db.selectFrom("call_participants").selectAll().where("room", "=", room).where("uid", "=", uid).executeTakeFirst();
}

/** `POST /call/leave`. 404 when the caller is not in that call. */
export async function leaveCall(ctx: AppContext, actor: TokenClaims, room: CallRoomId): Promise<void> {
  await placeOfRoom(ctx, actor, room);
  if (!(await removeParticipant(ctx, room, actor.uid))) throw notFound("not in this call");
}

/**
 * Takes `uid` out of `room`; the last one out ends the call. Answers whether they were in it.
 * Deleting the room is one conditional statement, so on a cluster exactly one node ends it.
 */
async function removeParticipant(ctx: AppContext, room: CallRoomId, uid: Uid): Promise<boolean> {
  const gone = await ctx.db.deleteFrom("call_participants").where("room", "=", room).where("uid", "=", uid).executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) return false;
  await bumpRoom(ctx.db, room);
  const state = await loadRoom(ctx.db, room);
  if (!state) return true;
  const audience = await audienceOfRow(ctx, state.row);
  if (state.participants.length === 0) {
    await endRoom(ctx, state.row, state.row.ring_uid !== null ? "missed" : "ended");
  } else {
    await publishRoom(ctx, room, audience);
  }
  return true;
}

/**
 * Ends a call: removes the room (once, whoever gets there first), tells the conversation, and
 * posts the call's outcome into it as a message of the one who started it (docs/API.md "Calls
 * (addition)": `properties.call`), which the VoceChat clients show as its text.
 */
async function endRoom(ctx: AppContext, row: RoomRow, outcome: CallMessageProperties["call"]["event"]): Promise<void> {
  await ctx.db.deleteFrom("call_participants").where("room", "=", row.room).execute();
  const deleted = await ctx.db.deleteFrom("call_rooms").where("room", "=", row.room).returningAll().executeTakeFirst();
  if (!deleted) return;
  const audience = await audienceOfRow(ctx, deleted);
  const duration_ms = outcome === "ended" ? Date.now() - deleted.started_at : 0;
  if (audience) ctx.bus.publish({ type: "call_room", room: { ...presentRoom(deleted, []), ringing: null }, ended: true }, audience);
  if (deleted.ring_uid !== null && outcome !== "declined") {
    const event = { type: "call_ring" as const, room: row.room, from_uid: deleted.started_by, state: "missed" as const, expires_at: Date.now() };
    ctx.bus.publish(event, { kind: "users", uids: [deleted.ring_uid] });
  }
  const target = deleted.gid !== null ? { gid: deleted.gid } : { uid: deleted.dm_low === deleted.started_by ? deleted.dm_high! : deleted.dm_low! };
  await postCallEvent(ctx, deleted.started_by, target, { event: outcome, duration_ms });
}

/** Posts a call's event into its conversation as a message of the one who started the call. */
async function postCallEvent(ctx: AppContext, starterUid: Uid, target: { gid: Gid } | { uid: Uid }, call: CallMessageProperties["call"]): Promise<void> {
  const starter: TokenClaims = { uid: starterUid, device: "call", is_admin: false, is_guest: false };
  try {
    await sendMessage(ctx, starter, target, { content_type: ContentType.text, content: callSummary(call.event, call.duration_ms), properties: { call } });
  } catch {
    // The starter may no longer post there (left the channel, blocked since): the call goes on.
  }
}

/** The message's text, for clients that do not read `properties.call` (VoceChat's). */
export function callSummary(outcome: CallMessageProperties["call"]["event"], durationMs: number): string {
  if (outcome === "started") return "📞 Call started";
  if (outcome === "missed") return "📞 Missed call";
  if (outcome === "declined") return "📞 Call declined";
  const s = Math.round(durationMs / 1000);
  const length = s < 60 ? `${s} s` : s < 3600 ? `${Math.round(s / 60)} min` : `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
  return `📞 Call ended · ${length}`;
}

/** `POST /call/decline`: the rung peer says no; the call ends for the caller. 404 when not rung. */
export async function declineCall(ctx: AppContext, actor: TokenClaims, room: CallRoomId): Promise<void> {
  await placeOfRoom(ctx, actor, room);
  const state = await loadRoom(ctx.db, room);
  if (!state || state.row.ring_uid !== actor.uid) throw notFound("no call rings you there");
  const event = { type: "call_ring" as const, room, from_uid: actor.uid, state: "declined" as const, expires_at: Date.now() };
  ctx.bus.publish(event, { kind: "users", uids: [state.row.started_by, actor.uid] });
  await endRoom(ctx, state.row, "declined");
}

/** `POST /call/signal`: to one participant's device, only between two participants of the room. */
export async function relaySignal(ctx: AppContext, actor: TokenClaims, req: CallSignalRequest): Promise<void> {
  await placeOfRoom(ctx, actor, req.room);
  const [me, peer] = await Promise.all([participant(ctx, req.room, actor.uid), participant(ctx, req.room, req.to_uid)]);
  if (!me) throw notFound("not in this call");
  if (!peer || peer.uid === actor.uid) throw notFound("no such participant");
  ctx.bus.publish({ type: "call_signal", room: req.room, from_uid: actor.uid, kind: req.kind, data: req.data }, { kind: "device", uid: peer.uid, device: peer.device });
}

/** `POST /call/media`: the caller's microphone, camera and screen flags, told to the conversation. */
export async function setCallMedia(ctx: AppContext, actor: TokenClaims, room: CallRoomId, media: CallMedia): Promise<CallRoom> {
  const place = await placeOfRoom(ctx, actor, room);
  const flags = { audio: media.audio ? 1 : 0, video: media.video ? 1 : 0, screen: media.screen ? 1 : 0 };
  const done = await ctx.db.updateTable("call_participants").set(flags).where("room", "=", room).where("uid", "=", actor.uid).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw notFound("not in this call");
  await bumpRoom(ctx.db, room);
  const presented = await publishRoom(ctx, room, place.audience);
  if (!presented) throw notFound("not in this call");
  return presented;
}

/**
 * The call sweep (a `ctx.jobs` job, leased in a cluster): participants whose stream is open
 * anywhere are marked seen; those gone for `STALE_PARTICIPANT_MS` are dropped (a closed tab, a
 * crashed browser); rings past their time end as missed. Idempotent, so a stalled holder
 * overlapping the next one does no harm.
 */
export async function sweepCalls(ctx: AppContext, now = Date.now()): Promise<number> {
  let dropped = 0;
  const participants = await ctx.db.selectFrom("call_participants").selectAll().execute();
  const seen: { room: string; uid: Uid }[] = [];
  for (const p of participants) {
    if (ctx.hub.onlineDevices(p.uid).has(p.device)) seen.push(p);
    else if (now - p.seen_at > STALE_PARTICIPANT_MS && (await removeParticipant(ctx, p.room, p.uid))) dropped++;
  }
  for (const p of seen) {
    await ctx.db.updateTable("call_participants").set({ seen_at: now }).where("room", "=", p.room).where("uid", "=", p.uid).execute();
  }
  const rung = await ctx.db.selectFrom("call_rooms").selectAll().where("ring_until", "<", now).execute();
  for (const row of rung) await endRoom(ctx, row, "missed");
  // A room left without participants by a crash between two statements.
  const empty = await ctx.db
    .selectFrom("call_rooms")
    .selectAll()
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("call_participants").select("uid").whereRef("call_participants.room", "=", "call_rooms.room"))))
    .execute();
  for (const row of empty) await endRoom(ctx, row, row.ring_uid !== null ? "missed" : "ended");
  return dropped;
}
