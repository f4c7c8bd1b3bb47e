import type { CallParticipant, CallRoom, CallRoomId, Gid, Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { CallParticipantsTable, CallRoomsTable } from "../db/schema.js";

/**
 * The rooms of the built-in calls as stored (migration 097) and as the wire shows them. Every
 * node reads the same rows, so a join on one node and a signal on another agree on who is in
 * the room.
 */
export const groupRoom = (gid: Gid): CallRoomId => `group:${gid}`;
export const dmRoom = (a: Uid, b: Uid): CallRoomId => `dm:${Math.min(a, b)}:${Math.max(a, b)}`;

export type RoomRow = CallRoomsTable;
export type ParticipantRow = CallParticipantsTable;

export function presentRoom(row: RoomRow, participants: readonly ParticipantRow[]): CallRoom {
  return {
    room: row.room,
    gid: row.gid,
    dm: row.dm_low !== null && row.dm_high !== null ? [row.dm_low, row.dm_high] : null,
    started_by: row.started_by,
    started_at: row.started_at,
    ringing: row.ring_uid,
    version: row.version,
    participants: [...participants].sort((a, b) => a.joined_at - b.joined_at || a.uid - b.uid).map(presentParticipant),
  };
}

const presentParticipant = (p: ParticipantRow): CallParticipant => ({
  uid: p.uid,
  joined_at: p.joined_at,
  audio: p.audio === 1,
  video: p.video === 1,
  screen: p.screen === 1,
});

export async function loadRoom(db: Db, room: CallRoomId): Promise<{ row: RoomRow; participants: ParticipantRow[] } | undefined> {
  const row = await db.selectFrom("call_rooms").selectAll().where("room", "=", room).executeTakeFirst();
  if (!row) return undefined;
  const participants = await db.selectFrom("call_participants").selectAll().where("room", "=", room).execute();
  return { row, participants };
}

/** Every room with its participants (a server has few calls at a time). */
export async function allRooms(db: Db): Promise<{ row: RoomRow; participants: ParticipantRow[] }[]> {
  const rows = await db.selectFrom("call_rooms").selectAll().orderBy("started_at").execute();
  if (rows.length === 0) return [];
  const participants = await db.selectFrom("call_participants").selectAll().execute();
  return rows.map((row) => ({ row, participants: participants.filter((p) => p.room === row.room) }));
}

/** The rooms `uid` is in (a user is in one at a time, but a crash between steps may leave two). */
/** Marks a change of the room (see `version`). */
export async function bumpRoom(db: Db, room: CallRoomId): Promise<void> {
  await db
    .updateTable("call_rooms")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("room", "=", room)
    .execute();
}

export async function roomsOf(db: Db, uid: Uid): Promise<CallRoomId[]> {
  const rows = await db.selectFrom("call_participants").select("room").where("uid", "=", uid).execute();
  return rows.map((r) => r.room);
}
