import { createHash, randomBytes } from "node:crypto";

/**
 * Bot API keys (docs/API.md "Bots"): a recognizable prefix and 32 random bytes. Clients treat
 * the key as opaque (VoceChat's are hex of a signed JSON); the prefix lets a secret scanner
 * or a person tell a Parley bot key from an access token at a glance.
 */
export const BOT_KEY_PREFIX = "parley_bot_";

/** How many of the key's last characters the key list shows. */
const HINT_LENGTH = 4;

/** A new key: the value shown once, and what is stored of it. */
export function generateBotKey(): { key: string; hash: string; hint: string } {
  const key = BOT_KEY_PREFIX + randomBytes(32).toString("base64url");
  return { key, hash: hashBotKey(key), hint: key.slice(-HINT_LENGTH) };
}

/** The stored form of a key: hex SHA-256. A 256-bit random secret needs no slow hash. */
export function hashBotKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether a header value can be a bot key at all (saves a database read for anything else). */
export function looksLikeBotKey(value: string): boolean {
  return value.startsWith(BOT_KEY_PREFIX) && value.length < 128;
}
