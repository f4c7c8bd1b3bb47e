import { SERVER_VERSION } from "@parley/protocol";
import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildCast, buildChannel } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("GET /api/admin/system/metrics (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, seed: (s) => buildCast(s) });

  it("is for admins only", async () => {
    const { s } = suite;
    await expectMatrix(suite.seed, (who) => call(s, "GET", "/admin/system/metrics", who), { anonymous: 401, guest: 403, member: 403, bot: 403, admin: 200 });
  });

  it("counts accounts, channels and the members online, with the reported version", async () => {
    const { s, seed: { admin, bob } } = suite;
    const users = await s.ctx.repos.users.count();
    const metrics = async () => (await call(s, "GET", "/admin/system/metrics", admin)).json() as Record<string, unknown>;
    expect(await metrics()).toEqual({ user_count: users, group_count: 0, online_user_count: 0, version: SERVER_VERSION });
    await buildChannel(s, admin, { name: "general", is_public: true });
    await suite.connect(bob);
    expect(await metrics()).toMatchObject({ group_count: 1, online_user_count: 1 });
  });
});
