import { createHmac, randomBytes } from "node:crypto";
import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";

/**
 * SIGNING. Each delivery carries `X-Parley-Timestamp` (Unix seconds) and `X-Parley-Signature:
 * sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with the bot's own secret, so a
 * receiver can reject a forgery (wrong signature) and a replay (an old timestamp). A secret is
 * made when first needed (the first delivery, or an admin reading it) and changed only by a
 * rotation; it never goes to a log or an audit entry.
 */
export const TIMESTAMP_HEADER = "x-parley-timestamp";
export const SIGNATURE_HEADER = "x-parley-signature";

const newSecret = () => `whsec_${randomBytes(24).toString("hex")}`;

/** The bot's secret, made now if it has none yet (two nodes racing agree on the first one written). */
export async function secretOf(db: Db, uid: Uid): Promise<string> {
  const found = await db.selectFrom("webhook_secrets").select("secret").where("uid", "=", uid).executeTakeFirst();
  if (found) return found.secret;
  await db
    .insertInto("webhook_secrets")
    .values({ uid, secret: newSecret(), created_at: Date.now() })
    .onConflict((oc) => oc.column("uid").doNothing())
    .execute();
  const made = await db.selectFrom("webhook_secrets").select("secret").where("uid", "=", uid).executeTakeFirstOrThrow();
  return made.secret;
}

/** A new secret for the bot; deliveries from now on are signed with it. */
export async function rotateSecret(db: Db, uid: Uid): Promise<string> {
  const secret = newSecret();
  await db
    .insertInto("webhook_secrets")
    .values({ uid, secret, created_at: Date.now() })
    .onConflict((oc) => oc.column("uid").doUpdateSet({ secret, created_at: Date.now() }))
    .execute();
  return secret;
}

/** The two signature headers of one attempt. */
export function signatureHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `sha256=${digest}` };
}
