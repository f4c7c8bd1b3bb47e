/**
 * docs/BOTS.md's echo bot, the exact file (docs/examples/echo-bot.mjs), run against a server: it
 * checks the webhook's signature and answers a direct message through the bot API with its key.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { call, jsonOk, messageApi, ok } from "../test/api.js";
import { buildAdmin, buildUser } from "../test/factories.js";
import { useSuite } from "../test/suite.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ECHO_BOT = path.join(ROOT, "docs/examples/echo-bot.mjs");

/** Starts the bot and answers its port once it says it listens. */
function startEchoBot(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [ECHO_BOT], { env: { ...process.env, PORT: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening on port (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr.on("data", (chunk: Buffer) => console.error(`[echo bot] ${chunk.toString()}`));
    child.on("exit", (code) => reject(new Error(`echo bot exited (${code}): ${out}`)));
  });
}

describe("the echo bot of docs/BOTS.md", () => {
  const suite = useSuite("sqlite", { listen: true, config: { previewAllowPrivate: true } });
  let bot: ChildProcess | null = null;
  afterEach(() => {
    bot?.kill();
    bot = null;
  });

  it("is printed in docs/BOTS.md exactly as the file", () => {
    expect(fs.readFileSync(path.join(ROOT, "docs/BOTS.md"), "utf8")).toContain("```js\n" + fs.readFileSync(ECHO_BOT, "utf8") + "```");
  });

  it("answers a direct message with its text, and ignores a forged delivery", async () => {
    const { s } = suite;
    const admin = await buildAdmin(s);
    const created = ok(await call(s, "POST", "/admin/user", admin, { email: "echo@bots.example", password: "", name: "Echo", gender: 0, is_admin: false, is_bot: true }), "create bot");
    const botUid = (created.json() as { uid: number }).uid;
    const key = jsonOk<string>(await call(s, "POST", `/admin/user/bot-api-key/${botUid}`, admin, { name: "echo" }));
    const { secret } = jsonOk<{ secret: string }>(await call(s, "GET", `/admin/user/bot-webhook-secret/${botUid}`, admin));
    const started = await startEchoBot({ PARLEY_URL: s.url, BOT_KEY: key, BOT_SECRET: secret });
    bot = started.child;
    const webhook = `http://127.0.0.1:${started.port}/`;
    ok(await call(s, "PUT", `/admin/user/${botUid}`, admin, { webhook_url: webhook }), "save the webhook");

    // A delivery that is not signed with the secret is refused and answered nothing.
    const forged = await fetch(webhook, { method: "POST", headers: { "x-parley-timestamp": String(Math.floor(Date.now() / 1000)), "x-parley-signature": "sha256=00" }, body: "{}" });
    expect(forged.status).toBe(401);

    const alice = await buildUser(s, "Alice");
    const [stream] = await suite.connect(alice);
    ok(await messageApi(s).send(alice, `user/${botUid}/send`, "hello there"), "send");
    const answer = await stream.waitFor((e) => e.type === "chat" && e.from_uid === botUid, 10_000);
    expect(answer).toMatchObject({ target: { uid: alice.uid }, detail: { type: "normal", content: "echo: hello there" } });
  }, 30_000);
});
