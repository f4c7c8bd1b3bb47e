import { randomBytes } from "node:crypto";
import type { LoginResponse, Uid } from "@parley/protocol";
import type * as Viem from "viem";
import type { Hex } from "viem";
import type { AppContext } from "../context.js";
import { badRequest, conflict, forbidden, unauthorized } from "../http/errors.js";
import { recordAudit, type AuditActor } from "./audit.js";
import { finishOutsideSignIn, loadLoginConfig, signUpFromOutside, type OutsideSignIn } from "./sessions.js";

/** viem, loaded on first use: a large library (~0.7 s to import) that only a MetaMask sign-in needs. */
let viemModule: Promise<typeof Viem> | undefined;
const viem = () => (viemModule ??= import("viem"));

/**
 * Sign-in with an Ethereum wallet (MetaMask; docs/API.md "MetaMask and passkeys"). The server
 * hands out a nonce for an address; the wallet signs it (EIP-191 `personal_sign`); `viem`
 * recovers the signer, which must be that address. A nonce is valid `NONCE_TTL_MS` and once —
 * it is spent by the first attempt whatever its outcome, so a signature can never be replayed.
 */

const NONCE_TTL_MS = 5 * 60_000;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export interface MetamaskCredential {
  public_address: string;
  nonce: string;
  signature: string;
  magic_token?: string | null;
}

function addressOf(raw: string): Hex {
  const address = raw.trim();
  if (!ADDRESS.test(address)) throw badRequest("failed to parse public_address: expected a 0x-prefixed 20-byte hex address");
  return address.toLowerCase() as Hex;
}

async function requireEnabled(ctx: AppContext): Promise<void> {
  const config = await loadLoginConfig(ctx);
  if (!config.metamask) throw forbidden("MetaMask login is disabled");
}

/**
 * `GET /token/metamask/nonce?public_address=`: a fresh nonce for that address (a JSON string).
 * The text names the server and is readable in the wallet's prompt. 403 when MetaMask login is off.
 */
export async function issueMetamaskNonce(ctx: AppContext, publicAddress: string): Promise<string> {
  await requireEnabled(ctx);
  const address = addressOf(publicAddress);
  const now = Date.now();
  const nonce = `Sign in to Parley: ${randomBytes(16).toString("hex")}`;
  await ctx.db.deleteFrom("metamask_nonces").where("expires_at", "<", now).execute();
  await ctx.db.insertInto("metamask_nonces").values({ nonce, address, expires_at: now + NONCE_TTL_MS }).execute();
  return nonce;
}

/**
 * Spends the nonce and checks the signature: 401 for an unknown, used or expired nonce, one made
 * for another address, or a signature by anyone but `public_address`.
 */
async function verifyMetamask(ctx: AppContext, credential: MetamaskCredential): Promise<Hex> {
  await requireEnabled(ctx);
  const address = addressOf(credential.public_address);
  const row = await ctx.db.selectFrom("metamask_nonces").selectAll().where("nonce", "=", credential.nonce).executeTakeFirst();
  const spent = row ? await ctx.db.deleteFrom("metamask_nonces").where("nonce", "=", credential.nonce).executeTakeFirst() : undefined;
  if (!row || Number(spent?.numDeletedRows ?? 0) !== 1 || Number(row.expires_at) < Date.now() || row.address !== address) {
    throw unauthorized("invalid or expired nonce");
  }
  let valid = false;
  try {
    valid = await (await viem()).verifyMessage({ address, message: credential.nonce, signature: credential.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized("invalid signature");
  return address;
}

/** A new account's name: the address shortened as wallets show it (`0x1234…abcd`), made unique. */
const nameFor = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * `POST /token/login` with `metamask`: the account linked to the address, or a new one
 * (`create_by: "metamask"`, no e-mail) — on an invitation-only server only with a valid sign-up
 * invitation in `magic_token` (410 without, 412 one that ran out). 401 bad nonce or signature,
 * 403 method off, 423 frozen.
 */
export async function loginWithMetamask(ctx: AppContext, credential: MetamaskCredential, device: string, deviceToken: string | null): Promise<LoginResponse> {
  const address = await verifyMetamask(ctx, credential);
  const config = await loadLoginConfig(ctx);
  const invite = credential.magic_token || null;
  const result = await ctx.db.transaction().execute(async (tx): Promise<OutsideSignIn> => {
    const linked = await tx.selectFrom("metamask_accounts").select("uid").where("address", "=", address).executeTakeFirst();
    if (linked) {
      const user = await tx.selectFrom("users").selectAll().where("uid", "=", linked.uid).executeTakeFirst();
      if (user) return { user, created: null, gid: null };
      // The account was deleted: the address is free again.
      await tx.deleteFrom("metamask_accounts").where("address", "=", address).execute();
    }
    const signedUp = await signUpFromOutside(ctx, tx, config, invite, { email: null, name: nameFor(address), create_by: "metamask" });
    await tx.insertInto("metamask_accounts").values({ address, uid: signedUp.user.uid, created_at: Date.now() }).execute();
    return signedUp;
  });
  return finishOutsideSignIn(ctx, result, device, deviceToken);
}

/**
 * `POST /token/bind` with `metamask`: links the wallet to the caller. 409 when it is linked to
 * another account or the caller has another wallet; linking it again is a 200.
 */
export async function bindMetamask(ctx: AppContext, uid: Uid, credential: MetamaskCredential, audit: AuditActor): Promise<void> {
  const address = await verifyMetamask(ctx, credential);
  await ctx.db.transaction().execute(async (tx) => {
    const owner = await tx.selectFrom("metamask_accounts").select("uid").where("address", "=", address).executeTakeFirst();
    if (owner && Number(owner.uid) === uid) return;
    if (owner && (await tx.selectFrom("users").select("uid").where("uid", "=", owner.uid).executeTakeFirst())) {
      throw conflict({ reason: "identity_linked_elsewhere" }, "this wallet is already linked to another user");
    }
    if (owner) await tx.deleteFrom("metamask_accounts").where("address", "=", address).execute();
    const other = await tx.selectFrom("metamask_accounts").select("address").where("uid", "=", uid).executeTakeFirst();
    if (other) throw conflict({ reason: "provider_already_linked" }, "another wallet is linked, unlink it first");
    await tx.insertInto("metamask_accounts").values({ address, uid, created_at: Date.now() }).execute();
    await recordAudit(tx, audit, { action: "account.identity_linked", target_uid: uid, detail: { type: "metamask", address } });
  });
}

