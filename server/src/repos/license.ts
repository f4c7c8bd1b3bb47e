import type { Db } from "../db/index.js";
import type { ConfigRepo } from "./config.js";

/** The `config` key of the installed license (docs/API.md "License"); absent: the community license. */
export const LICENSE_KEY = "license";

/** What `PUT /api/license` stores: the string as given, when and by whom. */
export interface StoredLicense {
  base58: string;
  installed_at: number;
  installed_by: number;
}

export async function loadStoredLicense(config: ConfigRepo): Promise<StoredLicense | null> {
  const value = await config.get<StoredLicense>(LICENSE_KEY);
  return value && typeof value.base58 === "string" ? value : null;
}

/** The accounts a user limit counts: every one but guests and widget visitors (bots and frozen accounts count). */
export async function countLicensedUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    // Guests and widget visitors are not members: they do not use up the license (docs/API.md "Widget").
    .where("create_by", "not in", ["guest", "widget"])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers counts as strings.
  return Number(row.n);
}
