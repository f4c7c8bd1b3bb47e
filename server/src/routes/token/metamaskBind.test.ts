import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import type { Session } from "../../test/harness.js";
import { dialects } from "../../test/harness.js";
import { setLoginConfig } from "../../test/identity.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/**
 * `POST /token/bind` with a `metamask` credential (docs/API.md "MetaMask and passkeys"): a
 * signed-in person links a wallet, and then signs in to that account with it.
 */
describe.each(dialects())("linking a wallet (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: (s) => buildCast(s) });

  async function signed(account: PrivateKeyAccount): Promise<{ type: "metamask"; public_address: string; nonce: string; signature: Hex }> {
    const res = await call(suite.s, "GET", `/token/metamask/nonce?public_address=${account.address}`);
    expect(res.statusCode, res.body).toBe(200);
    const nonce = res.json() as string;
    return { type: "metamask", public_address: account.address, nonce, signature: await account.signMessage({ message: nonce }) };
  }
  const bind = async (who: Session | null, account: PrivateKeyAccount) => call(suite.s, "POST", "/token/bind", who, { credential: await signed(account) });

  it("links the wallet to the caller (audited); it then signs in to that account; credentials report it", async () => {
    const { s, seed } = suite;
    await setLoginConfig(s, seed.admin, { metamask: true });
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await bind(seed.bob, wallet)).statusCode).toBe(200);
    // Again: nothing changes.
    expect((await bind(seed.bob, wallet)).statusCode).toBe(200);
    expect((await call(s, "GET", "/token/credentials", seed.bob)).json()).toMatchObject({ metamask: wallet.address.toLowerCase() });
    const login = await call(s, "POST", "/token/login", null, { credential: await signed(wallet), device: "web:wallet" });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.uid).toBe(seed.bob.uid);
    const audit = await s.ctx.db.selectFrom("audit_log").selectAll().where("action", "=", "account.identity_linked").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail)).toEqual({ type: "metamask", address: wallet.address.toLowerCase() });
  });

  it("409 for a wallet linked to someone else, or a second wallet; 401 a bad signature; 403 while off", async () => {
    const { s, seed } = suite;
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await call(s, "POST", "/token/bind", seed.bob, { credential: { type: "metamask", public_address: wallet.address, nonce: "x", signature: `0x${"00".repeat(65)}` } })).statusCode).toBe(403);
    await setLoginConfig(s, seed.admin, { metamask: true });
    expect((await bind(seed.bob, wallet)).statusCode).toBe(200);
    expect((await bind(seed.carol, wallet)).statusCode).toBe(409);
    expect((await bind(seed.bob, privateKeyToAccount(generatePrivateKey()))).statusCode).toBe(409);
    const forged = await signed(wallet);
    const thief = privateKeyToAccount(generatePrivateKey());
    const res = await call(s, "POST", "/token/bind", seed.carol, { credential: { ...forged, signature: await thief.signMessage({ message: forged.nonce }) } });
    expect(res.statusCode).toBe(401);
  });

  it("who may link: members, bots and admins; guests 403; anonymous 401", async () => {
    const { s, seed } = suite;
    await setLoginConfig(s, seed.admin, { metamask: true });
    await expectMatrix(seed, (who) => bind(who, privateKeyToAccount(generatePrivateKey())), { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 });
  });
});
