import type { PushSubscriptionInfo } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { call, jsonOk } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { MAX_SUBSCRIPTIONS_PER_USER } from "../../notify/webpush/subscriptions.js";

const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
const AUTH = Buffer.alloc(16, 9).toString("base64url");
const sub = (endpoint: string, extra: Record<string, unknown> = {}) => ({ endpoint, keys: { p256dh: P256DH, auth: AUTH }, ...extra });

let seq = 0;
const endpoint = () => `https://push.example.com/send/${++seq}-abc`;

describe.each(dialects())("/api/user/push (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file", seedEach: true, seed: (s) => buildCast(s, { tag: String(++seq) }) });
  const list = async (who: Parameters<typeof call>[3]) => jsonOk<PushSubscriptionInfo[]>(await call(suite.s, "GET", "/user/push/subscriptions", who));

  it("GET vapid_public_key: the same P-256 public key for everyone, kept in the config table", async () => {
    const { s, seed } = suite;
    const a = jsonOk<{ public_key: string }>(await call(s, "GET", "/user/push/vapid_public_key", seed.bob));
    const b = jsonOk<{ public_key: string }>(await call(s, "GET", "/user/push/vapid_public_key", seed.admin));
    expect(a).toEqual(b);
    expect(Buffer.from(a.public_key, "base64url")).toHaveLength(65);
    expect(await s.ctx.repos.config.get<{ publicKey: string; privateKey: string }>("vapid_keys")).toMatchObject({ publicKey: a.public_key, privateKey: expect.any(String) });
  });

  it("POST subscribes ({id}), GET lists without keys or the endpoint's path, DELETE removes (404 after)", async () => {
    const { s, seed } = suite;
    const url = endpoint();
    const { id } = jsonOk<{ id: number }>(await call(s, "POST", "/user/push/subscriptions", seed.bob, sub(url, { device: "web:laptop" })));
    expect(id).toEqual(expect.any(Number));
    const listed = await list(seed.bob);
    expect(listed).toEqual([{ id, endpoint_origin: "https://push.example.com", device: "web:laptop", created_at: expect.any(Number) }]);
    const raw = (await call(s, "GET", "/user/push/subscriptions", seed.bob)).body;
    expect(raw).not.toContain(P256DH);
    expect(raw).not.toContain("/send/");
    // Someone else cannot remove it.
    expect((await call(s, "DELETE", "/user/push/subscriptions", seed.carol, { endpoint: url })).statusCode).toBe(404);
    expect(await list(seed.bob)).toHaveLength(1);
    const gone = await call(s, "DELETE", "/user/push/subscriptions", seed.bob, { endpoint: url });
    expect(gone.statusCode).toBe(200);
    expect(await list(seed.bob)).toEqual([]);
    expect((await call(s, "DELETE", "/user/push/subscriptions", seed.bob, { endpoint: url })).statusCode).toBe(404);
  });

  it("the same browser subscribing again, or as someone else, is one subscription that moves; the device defaults to the caller's", async () => {
    const { s, seed } = suite;
    const url = endpoint();
    const first = jsonOk<{ id: number }>(await call(s, "POST", "/user/push/subscriptions", seed.bob, sub(url)));
    const again = jsonOk<{ id: number }>(await call(s, "POST", "/user/push/subscriptions", seed.bob, sub(url)));
    expect(again.id).toBe(first.id);
    jsonOk(await call(s, "POST", "/user/push/subscriptions", seed.carol, sub(url)));
    expect(await list(seed.bob)).toEqual([]);
    expect(await list(seed.carol)).toMatchObject([{ id: first.id, device: seed.carol.device }]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} per account: one more drops the oldest`, async () => {
    const { s, seed } = suite;
    const ids: number[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i++) ids.push(jsonOk<{ id: number }>(await call(s, "POST", "/user/push/subscriptions", seed.otto, sub(endpoint()))).id);
    expect((await list(seed.otto)).map((x) => x.id)).toEqual(ids.slice(1));
  });

  it("refuses malformed subscriptions with 400 and stores nothing", async () => {
    const { s, seed } = suite;
    const bad: unknown[] = [
      {},
      { endpoint: endpoint() },
      { endpoint: endpoint(), keys: { p256dh: P256DH } },
      sub("not a url"),
      sub("http://push.example.com/plain-http"),
      sub("ftp://push.example.com/x"),
      sub("https://user:pass@push.example.com/x"),
      sub("https://push.example.com/x#frag"),
      sub(`https://push.example.com/${"x".repeat(2100)}`),
      { endpoint: endpoint(), keys: { p256dh: Buffer.alloc(64, 4).toString("base64url"), auth: AUTH } },
      { endpoint: endpoint(), keys: { p256dh: "not base64!", auth: AUTH } },
      { endpoint: endpoint(), keys: { p256dh: P256DH, auth: Buffer.alloc(8).toString("base64url") } },
      sub(endpoint(), { device: "d".repeat(200) }),
    ];
    for (const body of bad) {
      const res = await call(s, "POST", "/user/push/subscriptions", seed.bob, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.headers["content-type"]).toContain("text/plain");
    }
    expect((await call(s, "DELETE", "/user/push/subscriptions", seed.bob, {})).statusCode).toBe(400);
    expect(await list(seed.bob)).toEqual([]);
  });

  it.each([
    ["GET", "/user/push/vapid_public_key", undefined, { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 }],
    ["POST", "/user/push/subscriptions", "new", { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 }],
    ["DELETE", "/user/push/subscriptions", "unknown", { anonymous: 401, guest: 403, member: 404, bot: 404, admin: 404 }],
    ["GET", "/user/push/subscriptions", undefined, { anonymous: 401, guest: 403, member: 200, bot: 200, admin: 200 }],
  ] as const)("%s %s: who may call it", async (method, url, body, expected) => {
    const { s, seed } = suite;
    await expectMatrix(seed, (who) => call(s, method, url, who, body === "new" ? sub(endpoint()) : body === "unknown" ? { endpoint: endpoint() } : undefined), expected);
  });
});
