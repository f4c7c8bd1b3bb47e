import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../db/index.js";

/** Dynamic configuration stored as JSON in the `config` table, shared by every node. */
export class ConfigRepo {
  constructor(private readonly db: Db) {}

  async get<T>(key: string): Promise<T | null> {
    const row = await this.db.selectFrom("config").select("value").where("key", "=", key).executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : null;
  }

  async set(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto("config")
      .values({ key, value: json })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: json }))
      .execute();
  }

  /** Returns the stored value, or stores and returns `make()` (first writer wins across nodes). */
  async getOrCreate<T>(key: string, make: () => T): Promise<T> {
    const existing = await this.get<T>(key);
    if (existing !== null) return existing;
    await this.db
      .insertInto("config")
      .values({ key, value: JSON.stringify(make()) })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return (await this.get<T>(key)) as T;
  }
}

/** The server's identity and signing secrets (VoceChat's `key.json`), created on first start. */
export interface ServerKeys {
  server_id: string;
  server_key: string;
  third_party_secret: string;
}

export const loadServerKeys = (config: ConfigRepo): Promise<ServerKeys> =>
  config.getOrCreate<ServerKeys>("server_keys", () => ({
    server_id: randomUUID().replaceAll("-", ""),
    server_key: randomBytes(32).toString("base64url"),
    third_party_secret: randomBytes(16).toString("hex"),
  }));
