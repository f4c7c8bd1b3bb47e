import { createHmac } from "node:crypto";
import type { Uid } from "@parley/protocol";

/**
 * Time-limited TURN credentials as coturn's `use-auth-secret` (the TURN REST API draft) checks
 * them: the username is `<expiry unix seconds>:<uid>` and the password is
 * base64(HMAC-SHA1(static-auth-secret, username)). coturn recomputes the HMAC with its own copy of
 * the secret and refuses a username whose expiry has passed, so Parley never talks to coturn.
 */
export function turnCredential(secret: string, uid: Uid, ttlS: number, nowMs = Date.now()): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + ttlS}:${uid}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64") };
}
