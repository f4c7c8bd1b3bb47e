import type { Selectable } from "kysely";
import type { Db } from "../../db/index.js";
import type { NotificationChannelsTable, NotificationChannelTypesTable } from "../../db/schema.js";
import type { ChannelConfig } from "./config.js";

/**
 * The rows of the notification channels (migration 095): the types the admin turned on or off,
 * and each user's channels. The commands write through these; the channels path reads them.
 */
export type ChannelTypeRow = Selectable<NotificationChannelTypesTable>;
export type ChannelRow = Selectable<NotificationChannelsTable>;

/** A channel as the commands and the path use it: JSON parsed, booleans as booleans. */
export interface StoredChannel {
  id: number;
  uid: number;
  channel_type: string;
  name: string;
  enabled: boolean;
  config: ChannelConfig;
  trigger_on_all_messages: boolean;
  trigger_on_mentions: boolean;
  trigger_on_groups: number[];
  skip_when_online: boolean;
  rate_limit_rps: number | null;
  created_at: number;
  updated_at: number;
}

export type ChannelFields = Omit<StoredChannel, "id" | "uid" | "created_at" | "updated_at">;

export const channelOf = (row: ChannelRow): StoredChannel => ({
  id: row.id,
  uid: row.uid,
  channel_type: row.channel_type,
  name: row.name,
  enabled: row.enabled === 1,
  config: JSON.parse(row.config) as ChannelConfig,
  trigger_on_all_messages: row.trigger_on_all_messages === 1,
  trigger_on_mentions: row.trigger_on_mentions === 1,
  trigger_on_groups: JSON.parse(row.trigger_on_groups) as number[],
  skip_when_online: row.skip_when_online === 1,
  rate_limit_rps: row.rate_limit_rps,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const columnsOf = (fields: ChannelFields) => ({
  channel_type: fields.channel_type,
  name: fields.name,
  enabled: fields.enabled ? 1 : 0,
  config: JSON.stringify(fields.config),
  trigger_on_all_messages: fields.trigger_on_all_messages ? 1 : 0,
  trigger_on_mentions: fields.trigger_on_mentions ? 1 : 0,
  trigger_on_groups: JSON.stringify(fields.trigger_on_groups),
  skip_when_online: fields.skip_when_online ? 1 : 0,
  rate_limit_rps: fields.rate_limit_rps,
});

export const listChannelTypes = (db: Db): Promise<ChannelTypeRow[]> => db.selectFrom("notification_channel_types").selectAll().orderBy("id").execute();

export async function enabledChannelTypes(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom("notification_channel_types").select("channel_type").where("enabled", "=", 1).execute();
  return new Set(rows.map((r) => r.channel_type));
}

/** Turns a type on or off (the row is made the first time); answers the row. */
export async function setChannelType(db: Db, channelType: string, enabled: boolean, now: number): Promise<ChannelTypeRow> {
  await db
    .insertInto("notification_channel_types")
    .values({ channel_type: channelType, enabled: enabled ? 1 : 0, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("channel_type").doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
    .execute();
  return db.selectFrom("notification_channel_types").selectAll().where("channel_type", "=", channelType).executeTakeFirstOrThrow();
}

/** Forgets a type's setting (it reads off again); answers whether there was one. */
export async function deleteChannelType(db: Db, channelType: string): Promise<boolean> {
  const rows = await db.deleteFrom("notification_channel_types").where("channel_type", "=", channelType).returning("id").execute();
  return rows.length > 0;
}

export async function listChannels(db: Db, uid: number): Promise<StoredChannel[]> {
  const rows = await db.selectFrom("notification_channels").selectAll().where("uid", "=", uid).orderBy("id").execute();
  return rows.map(channelOf);
}

/** The user's channel `id`; undefined when it is someone else's or none. */
export async function findChannel(db: Db, uid: number, id: number): Promise<StoredChannel | undefined> {
  const row = await db.selectFrom("notification_channels").selectAll().where("id", "=", id).where("uid", "=", uid).executeTakeFirst();
  return row ? channelOf(row) : undefined;
}

export async function countChannels(db: Db, uid: number): Promise<number> {
  const row = await db.selectFrom("notification_channels").select((eb) => eb.fn.countAll<number>().as("n")).where("uid", "=", uid).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChannel(db: Db, uid: number, fields: ChannelFields, now: number): Promise<StoredChannel> {
  const row = await db
    .insertInto("notification_channels")
    .values({ uid, ...columnsOf(fields), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return channelOf(row);
}

export async function updateChannel(db: Db, uid: number, id: number, fields: ChannelFields, now: number): Promise<StoredChannel | undefined> {
  const row = await db
    .updateTable("notification_channels")
    .set({ ...columnsOf(fields), updated_at: now })
    .where("id", "=", id)
    .where("uid", "=", uid)
    .returningAll()
    .executeTakeFirst();
  return row ? channelOf(row) : undefined;
}

export async function deleteChannel(db: Db, uid: number, id: number): Promise<boolean> {
  const rows = await db.deleteFrom("notification_channels").where("id", "=", id).where("uid", "=", uid).returning("id").execute();
  return rows.length > 0;
}

