import { describe, expect, it } from "vitest";
import type { DataSummary } from "@parley/protocol";
import { call, type Method } from "../../test/api.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildChatSetup, buildMessage } from "../../test/factories.js";
import { sendUpload, uploadFile } from "../../test/uploads.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("GET /api/admin/system/data_summary (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildChatSetup });
  const inject = (method: Method, url: string, who: Session | null) => call(suite.s, method, url, who);
  const summary = async (who: Session) => {
    const res = await inject("GET", "/admin/system/data_summary", who);
    expect(res.statusCode).toBe(200);
    return res.json() as DataSummary;
  };

  it("is for admins only", async () => {
    const { seed: { bob } } = suite;
    expect((await inject("GET", "/admin/system/data_summary", null)).statusCode).toBe(401);
    expect((await inject("GET", "/admin/system/data_summary", bob)).statusCode).toBe(403);
  });

  it("counts every message and the kept files with their size, and follows both clearings", async () => {
    const { s, seed: { admin, bob, carol, general, team } } = suite;
    expect(await summary(admin)).toEqual({ messages: 0, files: 0, file_bytes: 0 });

    await buildMessage(s, bob, { gid: general }, "hello");
    await buildMessage(s, carol, { gid: team }, "private");
    await buildMessage(s, bob, { uid: carol.uid }, "a DM");
    const file = await uploadFile(s, bob, Buffer.alloc(1000, 1), { filename: "a.bin" });
    await sendUpload(s, bob, `/group/${general}/send`, file);
    await uploadFile(s, carol, Buffer.alloc(234, 2), { filename: "b.bin" });
    expect(await summary(admin)).toEqual({ messages: 4, files: 2, file_bytes: 1234 });

    expect((await inject("DELETE", "/resource/file/delete", admin)).statusCode).toBe(200);
    expect(await summary(admin)).toEqual({ messages: 4, files: 0, file_bytes: 0 });

    expect((await inject("DELETE", "/admin/system/message/clear", admin)).statusCode).toBe(200);
    expect(await summary(admin)).toEqual({ messages: 0, files: 0, file_bytes: 0 });
  });
});
