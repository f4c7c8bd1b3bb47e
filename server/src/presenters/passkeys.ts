import type { PasskeyInfo } from "@parley/protocol";
import type { Selectable } from "kysely";
import type { PasskeysTable } from "../db/schema.js";

/** A passkey as `GET /token/passkey/list` shows it: never its public key or counter (docs/API.md "MetaMask and passkeys"). */
export function presentPasskey(row: Selectable<PasskeysTable>): PasskeyInfo {
  return {
    id: Number(row.id),
    credential_id: row.credential_id,
    name: row.name,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}
