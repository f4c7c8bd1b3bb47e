import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildCast } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";
import { TUNNEL_NOT_AVAILABLE } from "./index.js";

describe.each(dialects())("/api/admin/cloudflared/* answered as not available (%s)", (dialect) => {
  const suite = useSuite(dialect, { per: "file", seed: (s) => buildCast(s) });

  it("status, start and stop are the admin's", async () => {
    const { s } = suite;
    for (const [method, url] of [
      ["GET", "/admin/cloudflared/status"],
      ["POST", "/admin/cloudflared/start"],
      ["POST", "/admin/cloudflared/stop"],
    ] as const) {
      await expectMatrix(suite.seed, (who) => call(s, method, url, who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    }
  });

  it("reports no tunnel: idle, nothing set up automatically", async () => {
    const { s, seed: { admin } } = suite;
    expect((await call(s, "GET", "/admin/cloudflared/status", admin)).json()).toEqual({ status: "idle", url: null, error: null });
    // The onboarding asks before anyone signs in.
    const info = await call(s, "GET", "/admin/cloudflared/auto_info", null);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ auto_cftunnel: false, tunnel_status: { status: "idle", url: null } });
  });

  it("a start is the client's progress stream with one error event saying why, and starts nothing", async () => {
    const { s, seed: { admin } } = suite;
    const res = await call(s, "POST", "/admin/cloudflared/start", admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    const frames = res.body.split("\n\n").filter(Boolean);
    expect(frames).toHaveLength(1);
    expect(JSON.parse(frames[0].replace(/^data: /, ""))).toEqual({ event: "error", message: TUNNEL_NOT_AVAILABLE });
    expect((await call(s, "GET", "/admin/cloudflared/auto_stream", null)).body).toBe(res.body);
    expect((await call(s, "POST", "/admin/cloudflared/stop", admin)).body).toBe("");
    expect((await call(s, "GET", "/admin/cloudflared/status", admin)).json()).toMatchObject({ status: "idle" });
  });
});
