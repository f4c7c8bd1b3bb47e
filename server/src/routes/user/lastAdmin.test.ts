import { describe, expect, it } from "vitest";
import { call } from "../../test/api.js";
import { buildAdmin, buildMember } from "../../test/factories.js";
import { dialects } from "../../test/harness.js";
import { useSuite } from "../../test/suite.js";

/** `DELETE /api/user/delete` must never leave the server without an admin who can sign in. */
describe.each(dialects())("the last admin who can sign in (%s)", (dialect) => {
  const suite = useSuite(dialect);

  it("a frozen admin does not count: the founder cannot delete their account beside only a frozen admin", async () => {
    const { s } = suite;
    const founder = await buildAdmin(s);
    const other = await buildMember(s, founder, "Bea", { is_admin: true });
    expect((await call(s, "PUT", `/admin/user/${other.uid}`, founder, { status: "frozen" })).statusCode).toBe(200);

    const refused = await call(s, "DELETE", "/user/delete", founder);
    expect(refused.statusCode).toBe(403);
    expect(await s.ctx.repos.users.byId(founder.uid)).toBeDefined();

    // Unfrozen, the other admin is a way in again, and the founder may go.
    expect((await call(s, "PUT", `/admin/user/${other.uid}`, founder, { status: "normal" })).statusCode).toBe(200);
    expect((await call(s, "DELETE", "/user/delete", founder)).statusCode).toBe(200);
    expect(await s.ctx.repos.users.byId(founder.uid)).toBeUndefined();
  });
});
