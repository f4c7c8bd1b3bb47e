import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { assertMatches } from "../../test/contract.js";
import { buildCast } from "../../test/factories.js";
import type { Session } from "../../test/harness.js";
import { dialects } from "../../test/harness.js";
import { setLoginConfig, tokenOf } from "../../test/identity.js";
import { expectMatrix, expectStatuses } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

/**
 * MetaMask sign-in (docs/API.md "MetaMask and passkeys"): a `viem` local account signs the
 * server's nonce (EIP-191 `personal_sign`, as the wallet does) and the server verifies it with
 * `viem`. Nonces are single-use and expire; only the named address's signature counts.
 */
describe.each(dialects())("MetaMask sign-in (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: (s) => buildCast(s) });

  const enable = (patch: object = {}) => setLoginConfig(suite.s, suite.seed.admin, { metamask: true, ...patch });
  const nonceFor = (address: string) => call(suite.s, "GET", `/token/metamask/nonce?public_address=${address}`);

  async function nonce(account: PrivateKeyAccount): Promise<string> {
    const res = await nonceFor(account.address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    return res.json() as string;
  }

  const login = (account: { address: string }, nonceText: string, signature: Hex, extra: object = {}) =>
    call(suite.s, "POST", "/token/login", null, { credential: { type: "metamask", public_address: account.address, nonce: nonceText, signature, ...extra }, device: "web:wallet" });

  async function signIn(account: PrivateKeyAccount, extra: object = {}) {
    const text = await nonce(account);
    return login(account, text, await account.signMessage({ message: text }), extra);
  }

  it("signs a new wallet up, then signs it in to the same account; credentials report the address", async () => {
    const { s } = suite;
    await enable();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const text = await nonce(wallet);
    expect(text).toMatch(/^Sign in to Parley: [0-9a-f]{32}$/);
    const first = await login(wallet, text, await wallet.signMessage({ message: text }));
    expect(first.statusCode, first.body).toBe(200);
    assertMatches("LoginResponse", first.json());
    const address = wallet.address.toLowerCase();
    expect(first.json().user).toMatchObject({ create_by: "metamask", name: `${address.slice(0, 6)}…${address.slice(-4)}`, is_admin: false });
    expect(first.json().user.email ?? null).toBeNull();

    // Signing in again finds the account by its address.
    const again = await signIn(wallet);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.uid).toBe(first.json().user.uid);

    const session = { headers: { "x-api-key": first.json().token } } as Session;
    const credentials = await call(s, "GET", "/token/credentials", session);
    expect(credentials.json()).toMatchObject({ password: false, metamask: address });
    expect(await s.ctx.repos.users.count()).toBe(7);
  });

  it("refuses a replayed nonce, an expired one, one made for another address, and a wrong signer (401)", async () => {
    const { s } = suite;
    await enable();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const thief = privateKeyToAccount(generatePrivateKey());

    const used = await nonce(wallet);
    const signature = await wallet.signMessage({ message: used });
    expect((await login(wallet, used, signature)).statusCode).toBe(200);

    const expired = await nonce(wallet);
    await s.ctx.db.updateTable("metamask_nonces").set({ expires_at: Date.now() - 1 }).where("nonce", "=", expired).execute();

    const forThief = await nonce(thief);
    const wrongSigner = await nonce(wallet);
    const spentByFailure = await nonce(wallet);
    await expectStatuses({
      replayed: [() => login(wallet, used, signature), 401],
      expired: [async () => login(wallet, expired, await wallet.signMessage({ message: expired })), 401],
      "another address's nonce": [async () => login(wallet, forThief, await wallet.signMessage({ message: forThief })), 401],
      "signed by someone else": [async () => login(wallet, wrongSigner, await thief.signMessage({ message: wrongSigner })), 401],
      "a made-up nonce": [async () => login(wallet, "Sign in to Parley: 0000", await wallet.signMessage({ message: "Sign in to Parley: 0000" })), 401],
      "a failed attempt": [async () => login(wallet, spentByFailure, await thief.signMessage({ message: spentByFailure })), 401],
      "…spends the nonce": [async () => login(wallet, spentByFailure, await wallet.signMessage({ message: spentByFailure })), 401],
    });
    expect(await s.ctx.db.selectFrom("metamask_accounts").select("address").execute()).toEqual([{ address: wallet.address.toLowerCase() }]);
  });

  it("403 while MetaMask is off: the nonce and the login", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await expectStatuses({
      nonce: [() => nonceFor(wallet.address), 403],
      login: [async () => login(wallet, "x", await wallet.signMessage({ message: "x" })), 403],
    });
  });

  it("an invitation-only server signs up a wallet only with a sign-up invitation (410 without)", async () => {
    const { s, seed } = suite;
    await enable({ who_can_sign_up: "InvitationOnly" });
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await signIn(wallet)).statusCode).toBe(410);
    expect((await signIn(wallet, { magic_token: "forged" })).statusCode).toBe(410);
    const invitation = tokenOf((await call(s, "GET", "/group/create_reg_magic_link?max_times=1", seed.admin)).body);
    const invited = await signIn(wallet, { magic_token: invitation });
    expect(invited.statusCode, invited.body).toBe(200);
    // Known now: no invitation needed.
    expect((await signIn(wallet)).statusCode).toBe(200);
    // The invitation is spent.
    expect((await signIn(privateKeyToAccount(generatePrivateKey()), { magic_token: invitation })).statusCode).toBe(410);
  });

  it("423 for a frozen account; deleting the account frees the wallet", async () => {
    const { s } = suite;
    await enable();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const first = (await signIn(wallet)).json();
    await s.ctx.db.updateTable("users").set({ status: "frozen" }).where("uid", "=", first.user.uid).execute();
    expect((await signIn(wallet)).statusCode).toBe(423);
    await s.ctx.db.updateTable("users").set({ status: "normal" }).where("uid", "=", first.user.uid).execute();
    const session = { headers: { "x-api-key": (await signIn(wallet)).json().token } } as Session;
    expect((await call(s, "DELETE", "/user/delete", session)).statusCode).toBe(200);
    const fresh = await signIn(wallet);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.uid).not.toBe(first.user.uid);
  });

  it("400 for a malformed address or signature", async () => {
    await enable();
    const wallet = privateKeyToAccount(generatePrivateKey());
    await expectStatuses({
      "nonce without address": [() => call(suite.s, "GET", "/token/metamask/nonce"), 400],
      "nonce with a short address": [() => nonceFor("0x1234"), 400],
      "login with a short signature": [() => login(wallet, "x", "0x1234"), 400],
      "login without nonce": [() => call(suite.s, "POST", "/token/login", null, { credential: { type: "metamask", public_address: wallet.address, signature: "0x" } }), 400],
    });
  });

  it("anyone may ask for a nonce", async () => {
    await enable();
    const wallet = privateKeyToAccount(generatePrivateKey());
    await expectMatrix(suite.seed, (who) => call(suite.s, "GET", `/token/metamask/nonce?public_address=${wallet.address}`, who), {
      anonymous: 200,
      guest: 200,
      member: 200,
      bot: 200,
      admin: 200,
    });
  });
});
