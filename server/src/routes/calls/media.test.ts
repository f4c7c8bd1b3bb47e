import { describe, expect, it } from "vitest";
import type { CallAdminConfig, CallConfig } from "@parley/protocol";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";
import { buildCast } from "../../test/factories.js";
import { call, jsonOk } from "../../test/api.js";
import { expectMatrix } from "../../test/matrix.js";

const SETTINGS = { stun_urls: [], turn_urls: [], turn_secret: "", turn_ttl_s: 3600, max_participants: 6, relay_only: false };
const AGORA = { enabled: true, url: "https://api.agora.io", project_id: "", app_id: "0123456789abcdef0123456789abcdef", app_certificate: "fedcba9876543210fedcba9876543210", rtm_key: "", rtm_secret: "" };

/**
 * The calls' media (docs/API.md "Calls (addition)"): the admin picks the built-in WebRTC calls
 * or Agora's, Agora only while it is configured; `GET /call/config` tells every client which.
 */
describe.each(dialects())("calls' media: built-in or Agora (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });
  const stored = async () => (await suite.s.ctx.repos.config.get<CallAdminConfig>("calls"))?.media;
  const media = async () => jsonOk<CallConfig>(await call(suite.s, "GET", "/call/config", suite.seed.bob)).media;

  it("Agora can be chosen only while it is on with an app id and certificate (400 before, nothing stored)", async () => {
    const { s, seed: cast } = suite;
    expect(await media()).toBe("builtin");
    const refused = await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "agora" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Agora is not configured");
    expect(await stored()).toBeUndefined();
    expect((await call(s, "POST", "/admin/agora/config", cast.admin, AGORA)).statusCode).toBe(200);
    expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "agora" })).statusCode).toBe(200);
    expect(jsonOk<CallAdminConfig>(await call(s, "GET", "/admin/call/config", cast.admin)).media).toBe("agora");
    expect(await media()).toBe("agora");
  });

  it("a save without media keeps the choice; Agora turned off sends clients back to the built-in calls, the choice kept", async () => {
    const { s, seed: cast } = suite;
    await call(s, "POST", "/admin/agora/config", cast.admin, AGORA);
    await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "agora" });
    expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, max_participants: 4 })).statusCode).toBe(200);
    expect(await stored()).toBe("agora");
    expect((await call(s, "POST", "/admin/agora/config", cast.admin, { ...AGORA, enabled: false })).statusCode).toBe(200);
    expect(await media()).toBe("builtin");
    // The other settings can still be saved with the kept choice; switching back needs no Agora.
    expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "agora", max_participants: 5 })).statusCode).toBe(200);
    expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "builtin" })).statusCode).toBe(200);
    expect(await stored()).toBe("builtin");
    expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: "agora" })).statusCode).toBe(400);
  });

  it("400 for an unknown media; only admins read or change the choice, every member reads which to use", async () => {
    const { s, seed: cast } = suite;
    for (const value of ["sfu", "", 1, null]) expect((await call(s, "POST", "/admin/call/config", cast.admin, { ...SETTINGS, media: value })).statusCode, String(value)).toBe(400);
    expect(await stored()).toBeUndefined();
    await call(s, "POST", "/admin/agora/config", cast.admin, AGORA);
    await expectMatrix(cast, (who) => call(s, "POST", "/admin/call/config", who, { ...SETTINGS, media: "agora" }), { anonymous: 401, guest: 403, member: 403, bot: 403 });
    expect(await stored()).toBeUndefined();
    await expectMatrix(cast, (who) => call(s, "POST", "/admin/call/config", who, { ...SETTINGS, media: "agora" }), { admin: 200 });
    await expectMatrix(cast, (who) => call(s, "GET", "/admin/call/config", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
    await expectMatrix(cast, (who) => call(s, "GET", "/call/config", who), { anonymous: 401, guest: 403, member: 200, bot: 403, admin: 200 });
    expect(jsonOk<CallConfig>(await call(s, "GET", "/call/config", cast.admin)).media).toBe("agora");
  });
});
