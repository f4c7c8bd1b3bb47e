import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NotificationChannelType } from "@parley/protocol";
import { buildCast, buildChannel, buildMessage } from "../../test/factories.js";
import { dialects, type TestServer } from "../../test/harness.js";
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from "../../test/httpRecorder.js";
import { pending } from "../../test/notifications.js";
import { useSuite } from "../../test/suite.js";
import type { ChannelConfig } from "./config.js";
import { channelsPath } from "./index.js";
import { insertChannel, setChannelType, type ChannelFields } from "./store.js";

/**
 * The user notification channels path (docs/NOTIFICATIONS.md "Notification channels"): each
 * service's request checked as its documentation describes it, against one local receiver that
 * answers as the service does; then the triggers, `skip_when_online`, the rate limit and the
 * outcomes.
 */
describe.each(dialects())("notification channels path (%s)", (dialect) => {
  const suite = useSuite(dialect, { config: { previewAllowPrivate: true }, seed: buildCast });
  let svc: HttpRecorder;

  /** What each service answers when it took a message (several say so in the JSON of a 200). */
  const success = (req: RecordedRequest) => {
    if (req.url.startsWith("/bot")) return { status: 200, body: { ok: true, result: { message_id: 1 } } };
    if (req.url.startsWith("/api/webhooks")) return { status: 204 };
    if (req.url.startsWith("/open-apis")) return { status: 200, body: { code: 0, msg: "success", data: {} } };
    if (req.url.startsWith("/robot") || req.url.startsWith("/cgi-bin")) return { status: 200, body: { errcode: 0, errmsg: "ok" } };
    if (req.url === "/push") return { status: 200, body: { code: 200, message: "success" } };
    if (req.url.endsWith(".send") || req.url === "/message/push") return { status: 200, body: { code: 0, message: "", data: {} } };
    if (req.url.startsWith("/_matrix")) return { status: 200, body: { event_id: "$event" } };
    return { status: 200, body: { id: 1 } };
  };
  beforeEach(async () => {
    svc = await startHttpRecorder(success);
  });
  afterEach(() => svc?.close());

  const channel = (type: NotificationChannelType, config: ChannelConfig, extra: Partial<ChannelFields> = {}): ChannelFields => ({
    channel_type: type,
    name: type,
    enabled: true,
    config,
    trigger_on_all_messages: true,
    trigger_on_mentions: false,
    trigger_on_groups: [],
    skip_when_online: false,
    rate_limit_rps: null,
    ...extra,
  });
  const add = async (s: TestServer, uid: number, fields: ChannelFields) => {
    await setChannelType(s.ctx.db, fields.channel_type, true, Date.now());
    return insertChannel(s.ctx.db, uid, fields, Date.now());
  };
  const hit = (prefix: string) => svc.requests.filter((r) => r.url.startsWith(prefix));
  const only = (prefix: string): RecordedRequest => {
    const found = hit(prefix);
    expect(found, prefix).toHaveLength(1);
    return found[0];
  };

  it("sends each service the request its documentation describes", async () => {
    const { s, seed: cast } = suite;
    const b = svc.base;
    const uid = cast.bob.uid;
    await add(s, uid, channel("telegram", { bot_token: "123456:ABC-DEF", chat_id: "@parley", api_base: b }));
    await add(s, uid, channel("discord", { webhook_url: `${b}/api/webhooks/42/tok`, username: "Parley" }));
    await add(s, uid, channel("feishu", { webhook_url: `${b}/open-apis/bot/v2/hook/abc`, sign_secret: "feishu-secret" }));
    await add(s, uid, channel("dingtalk", { webhook_url: `${b}/robot/send?access_token=ding`, sign_secret: "SECding" }));
    await add(s, uid, channel("wecombot", { webhook_url: `${b}/cgi-bin/webhook/send?key=wecom` }));
    await add(s, uid, channel("bark", { server_url: b, device_key: "barkkey", sound: "bell" }));
    await add(s, uid, channel("gotify", { server_url: `${b}/gotify/`, app_token: "Agotify", priority: 8 }));
    await add(s, uid, channel("serverchan", { send_key: "SCT123", server_url: b }));
    await add(s, uid, channel("pushdeer", { server_url: b, push_key: "PDU1" }));
    await add(s, uid, channel("matrix", { homeserver_url: b, access_token: "syt_token", room_id: "!room:example.org" }));
    await add(s, uid, channel("custom_json", { webhook_url: `${b}/custom`, method: "PUT", headers: '{"Authorization": "Bearer custom"}', body_template: '{"text": "{{title}}: {{body}}", "link": "{{url}}"}' }));

    const before = Date.now();
    const n = pending(uid, { uid: cast.carol.uid, name: "Carol" }, { preview: 'say "hi"\nbye' });
    expect(await channelsPath.deliver(s.ctx, uid, [n])).toEqual(["sent"]);
    expect(svc.requests).toHaveLength(11);
    const text = `Carol\nsay "hi"\nbye\n${n.url}`;
    const isJson = (r: RecordedRequest) => expect(r.headers["content-type"]).toMatch(/^application\/json/);

    const telegram = only("/bot");
    expect([telegram.method, telegram.url]).toEqual(["POST", "/bot123456:ABC-DEF/sendMessage"]);
    isJson(telegram);
    expect(telegram.json).toEqual({ chat_id: "@parley", text, link_preview_options: { is_disabled: true } });

    const discord = only("/api/webhooks");
    expect([discord.method, discord.url]).toEqual(["POST", "/api/webhooks/42/tok"]);
    isJson(discord);
    expect(discord.json).toEqual({ content: `**Carol**\nsay "hi"\nbye\n${n.url}`, username: "Parley", allowed_mentions: { parse: [] } });

    // Feishu: sign = base64(HMAC-SHA256(key "timestamp\nsecret", "")), timestamp in seconds.
    const feishu = only("/open-apis");
    expect([feishu.method, feishu.url]).toEqual(["POST", "/open-apis/bot/v2/hook/abc"]);
    const fj = feishu.json as { timestamp: string; sign: string };
    expect(Math.abs(Number(fj.timestamp) - before / 1000)).toBeLessThan(60);
    expect(fj.sign).toBe(createHmac("sha256", `${fj.timestamp}\nfeishu-secret`).update("").digest("base64"));
    expect(feishu.json).toEqual({ timestamp: fj.timestamp, sign: fj.sign, msg_type: "text", content: { text } });

    // DingTalk: timestamp (ms) and sign = urlencoded base64(HMAC-SHA256(secret, "timestamp\nsecret")) in the query.
    const ding = only("/robot");
    const query = new URL(ding.url, b).searchParams;
    expect(query.get("access_token")).toBe("ding");
    const ts = query.get("timestamp") ?? "";
    expect(Math.abs(Number(ts) - before)).toBeLessThan(60_000);
    expect(query.get("sign")).toBe(createHmac("sha256", "SECding").update(`${ts}\nSECding`).digest("base64"));
    expect(ding.url).toContain(`sign=${encodeURIComponent(query.get("sign") ?? "")}`);
    expect(ding.json).toEqual({ msgtype: "text", text: { content: text } });

    const wecom = only("/cgi-bin");
    expect([wecom.method, wecom.url]).toEqual(["POST", "/cgi-bin/webhook/send?key=wecom"]);
    expect(wecom.json).toEqual({ msgtype: "text", text: { content: text } });

    const bark = only("/push");
    expect(bark.method).toBe("POST");
    isJson(bark);
    expect(bark.json).toEqual({ device_key: "barkkey", title: "Carol", body: 'say "hi"\nbye', url: n.url, group: "Parley", sound: "bell" });

    const gotify = only("/gotify");
    expect([gotify.method, gotify.url, gotify.headers["x-gotify-key"]]).toEqual(["POST", "/gotify/message", "Agotify"]);
    expect(gotify.json).toEqual({ title: "Carol", message: 'say "hi"\nbye', priority: 8, extras: { "client::notification": { click: { url: n.url } } } });

    const chan = only("/SCT123");
    expect([chan.method, chan.url, chan.headers["content-type"]]).toEqual(["POST", "/SCT123.send", "application/x-www-form-urlencoded"]);
    expect(Object.fromEntries(new URLSearchParams(chan.body))).toEqual({ title: "Carol", desp: `say "hi"\nbye\n\n${n.url}` });

    const deer = only("/message/push");
    expect([deer.method, deer.headers["content-type"]]).toEqual(["POST", "application/x-www-form-urlencoded"]);
    expect(Object.fromEntries(new URLSearchParams(deer.body))).toEqual({ pushkey: "PDU1", text: "Carol", desp: `say "hi"\nbye\n\n${n.url}`, type: "markdown" });

    const matrix = only("/_matrix");
    expect(matrix.method).toBe("PUT");
    expect(matrix.url).toMatch(/^\/_matrix\/client\/v3\/rooms\/!room%3Aexample\.org\/send\/m\.room\.message\/parley-[\w-]+$/);
    expect(matrix.headers.authorization).toBe("Bearer syt_token");
    expect(matrix.json).toEqual({ msgtype: "m.text", body: text });

    const custom = only("/custom");
    expect([custom.method, custom.headers.authorization]).toEqual(["PUT", "Bearer custom"]);
    isJson(custom);
    expect(custom.json).toEqual({ text: `Carol: say "hi"\nbye`, link: n.url });
  });

  it("escapes what Telegram's parse modes would read as markup; a channel message names its sender", async () => {
    const { s, seed: cast } = suite;
    await add(s, cast.bob.uid, channel("telegram", { bot_token: "1:A", chat_id: "1", api_base: svc.base, parse_mode: "HTML" }));
    await add(s, cast.bob.uid, channel("telegram", { bot_token: "2:B", chat_id: "2", api_base: svc.base, parse_mode: "MarkdownV2" }));
    const n = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" }, { gid: 3, channelName: "dev_ops", preview: "a <b> & 1.5*2", url: "https://x.example/#/c" });
    expect(await channelsPath.deliver(s.ctx, cast.bob.uid, [n])).toEqual(["sent"]);
    expect(only("/bot1:A").json).toMatchObject({ parse_mode: "HTML", text: "<b>#dev_ops</b>\nCarol: a &lt;b&gt; &amp; 1.5*2\nhttps://x.example/#/c" });
    expect(only("/bot2:B").json).toMatchObject({ parse_mode: "MarkdownV2", text: "*\\#dev\\_ops*\nCarol: a <b\\> & 1\\.5\\*2\nhttps://x\\.example/\\#/c" });
  });

  it("applies each channel's triggers: all messages; mentions and DMs; the listed channels", async () => {
    const { s, seed: cast } = suite;
    const uid = cast.bob.uid;
    const to = (path: string) => ({ webhook_url: `${svc.base}${path}`, method: "POST" });
    await add(s, uid, channel("custom_json", to("/all")));
    await add(s, uid, channel("custom_json", to("/mentions"), { trigger_on_all_messages: false, trigger_on_mentions: true }));
    await add(s, uid, channel("custom_json", to("/groups"), { trigger_on_all_messages: false, trigger_on_groups: [5] }));
    const carol = { uid: cast.carol.uid, name: "Carol" };
    const batch = [pending(uid, carol), pending(uid, carol, { gid: 5 }), pending(uid, carol, { gid: 6, mentioned: true }), pending(uid, carol, { gid: 6 })];
    expect(await channelsPath.deliver(s.ctx, uid, batch)).toEqual(["sent", "sent", "sent", "sent"]);
    const titles = (path: string) => hit(path).map((r) => (r.json as { title: string }).title);
    expect(titles("/all")).toEqual(["Carol", "#general", "#general", "#general"]);
    expect(hit("/mentions").map((r) => (r.json as { url: string }).url)).toEqual([batch[0].url, batch[2].url]);
    expect(hit("/groups").map((r) => (r.json as { url: string }).url)).toEqual([batch[1].url]);
    expect(hit("/all")[0].json).toEqual({ title: "Carol", body: "hello there", url: batch[0].url });
  });

  it("skips a channel while its user is online when asked to; disabled channels and types send nothing", async () => {
    const { s, seed: cast } = suite;
    const uid = cast.bob.uid;
    await add(s, uid, channel("custom_json", { webhook_url: `${svc.base}/offline-only`, method: "POST" }, { skip_when_online: true }));
    const n = pending(uid, { uid: cast.carol.uid, name: "Carol" });
    await suite.connect(cast.bob);
    expect(await channelsPath.deliver(s.ctx, uid, [n])).toEqual(["skipped"]);
    await add(s, uid, channel("custom_json", { webhook_url: `${svc.base}/always`, method: "POST" }));
    expect(await channelsPath.deliver(s.ctx, uid, [n])).toEqual(["sent"]);
    expect(svc.requests.map((r) => r.url)).toEqual(["/always"]);

    await add(s, uid, channel("discord", { webhook_url: `${svc.base}/api/webhooks/1/x` }, { enabled: false }));
    await setChannelType(s.ctx.db, "custom_json", false, Date.now());
    expect(await channelsPath.deliver(s.ctx, uid, [n])).toEqual(["skipped"]);
    expect(svc.requests).toHaveLength(1);
    expect(await channelsPath.deliver(s.ctx, cast.carol.uid, [pending(cast.carol.uid, { uid, name: "Bob" })])).toEqual(["skipped"]);
  });

  it("reaches only users with an enabled channel of a type that is on", async () => {
    const { s, seed: cast } = suite;
    const everyone = [cast.bob.uid, cast.carol.uid, cast.otto.uid];
    expect([...(await channelsPath.recipients!(s.ctx, everyone))]).toEqual([]);
    await add(s, cast.bob.uid, channel("bark", { server_url: svc.base, device_key: "k" }));
    await add(s, cast.carol.uid, channel("bark", { server_url: svc.base, device_key: "k" }, { enabled: false }));
    await add(s, cast.otto.uid, channel("gotify", { server_url: svc.base, app_token: "t" }));
    await setChannelType(s.ctx.db, "gotify", false, Date.now());
    expect([...(await channelsPath.recipients!(s.ctx, everyone))]).toEqual([cast.bob.uid]);
  });

  it("through the notification worker: a DM and a mention reach the recipient's channel once, after the delay", async () => {
    const s = await suite.restart({ previewAllowPrivate: true, notifyPollMs: 50, notifyPushDelayMs: 200 });
    const cast = suite.seed;
    await add(s, cast.bob.uid, channel("custom_json", { webhook_url: `${svc.base}/bob`, method: "POST" }, { trigger_on_all_messages: false, trigger_on_mentions: true }));
    const general = await buildChannel(s, cast.admin, { name: "general", is_public: true });
    await buildMessage(s, cast.carol, { uid: cast.bob.uid }, "lunch at 12?");
    await buildMessage(s, cast.carol, { gid: general }, "not for bob's channel");
    await buildMessage(s, cast.carol, { gid: general }, `ping @${cast.bob.uid}`, { mentions: [cast.bob.uid] });
    const got = await svc.waitFor(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(got).toHaveLength(2);
    expect(got[0].json).toEqual({ title: "Carol", body: "lunch at 12?", url: expect.stringContaining(`#/chat/dm/${cast.carol.uid}`) });
    expect(got[1].json).toMatchObject({ title: "#general", body: expect.stringMatching(/^Carol: ping/) });
    const rows = await s.ctx.db.selectFrom("notify_queue").select(["uid", "outcome"]).where("path", "=", "channels").orderBy("mid").execute();
    expect(rows.map((r) => [r.uid, r.outcome])).toEqual([
      [cast.bob.uid, "sent"],
      [cast.bob.uid, "skipped"],
      [cast.bob.uid, "sent"],
    ]);
  });

  it("drops what is over a channel's rate limit", async () => {
    const { s, seed: cast } = suite;
    await add(s, cast.bob.uid, channel("custom_json", { webhook_url: `${svc.base}/limited`, method: "POST" }, { rate_limit_rps: 1 }));
    const n = pending(cast.bob.uid, { uid: cast.carol.uid, name: "Carol" });
    expect(await channelsPath.deliver(s.ctx, cast.bob.uid, [n, n, n])).toEqual(["sent", "skipped", "skipped"]);
    expect(svc.requests).toHaveLength(1);
  });

  it("retries what the service may take later (429, 5xx, unreachable), drops what it refused (4xx, an error code in a 200, a blocked address)", async () => {
    const { s, seed: cast } = suite;
    const uid = cast.bob.uid;
    await add(s, uid, channel("feishu", { webhook_url: `${svc.base}/open-apis/bot/v2/hook/abc` }));
    const n = pending(uid, { uid: cast.carol.uid, name: "Carol" });
    const outcomeFor = async (answer: { status: number; body?: unknown }) => {
      svc.respond(() => answer);
      return (await channelsPath.deliver(s.ctx, uid, [n]))[0];
    };
    expect(await outcomeFor({ status: 500 })).toBe("failed");
    expect(await outcomeFor({ status: 429 })).toBe("failed");
    expect(await outcomeFor({ status: 400, body: { code: 9499 } })).toBe("skipped");
    expect(await outcomeFor({ status: 200, body: { code: 19021, msg: "sign match fail or timestamp is not within one hour from current time" } })).toBe("skipped");
    expect(await outcomeFor({ status: 200, body: { code: 0 } })).toBe("sent");

    await svc.close();
    expect((await channelsPath.deliver(s.ctx, uid, [n]))[0]).toBe("failed");

    const guarded = await suite.restart({ previewAllowPrivate: false });
    const bob = suite.seed.bob;
    await add(guarded, bob.uid, channel("custom_json", { webhook_url: "http://127.0.0.1:9/hook", method: "POST" }));
    expect(await channelsPath.deliver(guarded.ctx, bob.uid, [pending(bob.uid, { uid: 9, name: "Carol" })])).toEqual(["skipped"]);
  });
});
