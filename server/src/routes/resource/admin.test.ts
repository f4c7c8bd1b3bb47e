import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { AdminFileItem } from "@parley/protocol";
import { image, sendFile, sendUpload, setFileExpiry, stored, uploadFile } from "../../test/uploads.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildChatSetup, buildMessage } from "../../test/factories.js";
import { call, type Method } from "../../test/api.js";
import { expectMatrix } from "../../test/matrix.js";
import { useSuite } from "../../test/suite.js";

describe.each(dialects())("files administration (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildChatSetup });

  const inject = (method: Method, url: string, who?: Session, payload?: unknown) => call(suite.s, method, url, who ?? null, payload);

  /** Uploads and sends one file; returns the new mid and the file path. */
  async function share(who: Session, target: string, data: Buffer, filename: string, contentType?: string, kind = "vocechat/file") {
    const file = await uploadFile(suite.s, who, data, { filename, content_type: contentType });
    return { mid: await sendUpload(suite.s, who, target, file, { local_id: 1 }, kind), path: file.path };
  }

  describe("GET /api/admin/system/files", () => {
    it("lists file messages newest first with the contract's fields, filtered and paged", async () => {
      const { s, seed: { admin, bob, carol, general: gid } } = suite;
      const png = await image(10, 10, { background: "#000" });
      const pdf = await share(bob, `/group/${gid}/send`, Buffer.from("%PDF"), "Plan.PDF");
      const img = await share(carol, `/group/${gid}/send`, png, "pic.png");
      const doc = await share(bob, `/user/${carol.uid}/send`, Buffer.from("docx"), "notes.docx");
      const video = await share(carol, `/user/${bob.uid}/send`, Buffer.from("mp4"), "clip.mp4");
      const voice = await share(bob, `/group/${gid}/send`, Buffer.from("ogg"), "voice.ogg", "audio/ogg", "vocechat/audio");
      await buildMessage(s, bob, { gid }, "not a file");

      const all = await inject("GET", "/admin/system/files", admin);
      expect(all.statusCode).toBe(200);
      const items = all.json() as AdminFileItem[];
      expect(items.map((i) => i.mid)).toEqual([voice.mid, video.mid, doc.mid, img.mid, pdf.mid]);
      const first = items.find((i) => i.mid === pdf.mid);
      expect(first).toEqual({
        mid: pdf.mid,
        from_uid: bob.uid,
        gid,
        target_uid: null,
        ext: "pdf",
        content_type: "vocechat/file",
        content: pdf.path,
        properties: expect.any(String),
        created_at: expect.any(Number),
        expired: false,
      });
      expect(JSON.parse(first?.properties ?? "")).toEqual({ local_id: 1, name: "Plan.PDF", content_type: "application/pdf", size: 4 });
      expect(items.find((i) => i.mid === doc.mid)?.gid).toBeNull();
      // Parley addition: a DM row names its recipient.
      expect(items.find((i) => i.mid === doc.mid)?.target_uid).toBe(carol.uid);
      expect(items.find((i) => i.mid === video.mid)?.target_uid).toBe(bob.uid);

      const mids = async (query: string) => ((await inject("GET", `/admin/system/files?${query}`, admin)).json() as AdminFileItem[]).map((i) => i.mid);
      expect(await mids("file_type=Image")).toEqual([img.mid]);
      expect(await mids("file_type=PDF")).toEqual([pdf.mid]);
      expect(await mids("file_type=Doc")).toEqual([doc.mid]);
      expect(await mids("file_type=Video")).toEqual([video.mid]);
      expect(await mids("file_type=Audio")).toEqual([voice.mid]);
      expect(await mids(`uid=${bob.uid}`)).toEqual([voice.mid, doc.mid, pdf.mid]);
      expect(await mids(`gid=${gid}`)).toEqual([voice.mid, img.mid, pdf.mid]);
      expect(await mids(`uid=${carol.uid}&gid=${gid}`)).toEqual([img.mid]);
      expect(await mids("page=1&page_size=2")).toEqual([voice.mid, video.mid]);
      expect(await mids("page=2&page_size=2")).toEqual([doc.mid, img.mid]);
      expect(await mids("page=3&page_size=2")).toEqual([pdf.mid]);
      expect(await mids("page=4&page_size=2")).toEqual([]);

      // creation_time_type: only messages of the last N days.
      await s.ctx.db.updateTable("messages").set({ created_at: Date.now() - 10 * 86_400_000 }).where("mid", "=", pdf.mid).execute();
      expect(await mids("creation_time_type=Day7")).toEqual([voice.mid, video.mid, doc.mid, img.mid]);
      expect(await mids("creation_time_type=Day30")).toHaveLength(5);
    });

    it("marks files whose bytes are gone or past the expiry as expired", async () => {
      const { s, seed: { admin, bob, general: gid } } = suite;
      const a = await share(bob, `/group/${gid}/send`, Buffer.from("a"), "a.txt");
      const b = await share(bob, `/group/${gid}/send`, Buffer.from("b"), "b.txt");
      await s.ctx.db.updateTable("files").set({ created_at: Date.now() - 3 * 86_400_000 }).where("path", "=", a.path).execute();
      await setFileExpiry(s, admin, "Day1");
      const items = (await inject("GET", "/admin/system/files", admin)).json() as AdminFileItem[];
      expect(items.map((i) => [i.mid, i.expired])).toEqual([
        [b.mid, false],
        [a.mid, true],
      ]);
    });

    it("is for admins only and validates its query", async () => {
      const { s, seed: { admin } } = suite;
      await expectMatrix(suite.seed, (who) => call(s, "GET", "/admin/system/files", who), { anonymous: 401, guest: 403, member: 403, admin: 200 });
      for (const q of ["file_type=Exe", "creation_time_type=Day2", "uid=abc", "page=-1", "page_size=0", "page_size=1.5"]) {
        expect((await inject("GET", `/admin/system/files?${q}`, admin)).statusCode, q).toBe(400);
      }
    });

    it("clamps a page size past the largest page instead of refusing it (the VoceChat Files screen asks for 1000)", async () => {
      const { seed: { admin, general: gid } } = suite;
      const newestFirst: number[] = [];
      for (let i = 0; i < 3; i++) newestFirst.unshift((await share(admin, `/group/${gid}/send`, Buffer.from(`file ${i}`), `f${i}.txt`, "text/plain")).mid);
      for (const size of [1000, 100_000]) {
        const res = await inject("GET", `/admin/system/files?page_size=${size}`, admin);
        expect(res.statusCode).toBe(200);
        expect((res.json() as { mid: number }[]).map((f) => f.mid)).toEqual(newestFirst);
      }
    });
  });

  describe("DELETE /api/resource/file/delete", () => {
    it("deletes every uploaded file and thumbnail; the messages stay, their files expired", async () => {
      const { s, seed: { admin, bob, carol, general: gid } } = suite;
      const png = await image(10, 10, { background: "#000" });
      const f1 = await share(bob, `/group/${gid}/send`, png, "p.png");
      const f2 = await share(carol, `/group/${gid}/send`, Buffer.from("x"), "x.txt");
      await expectMatrix(suite.seed, (who) => call(s, "DELETE", "/resource/file/delete", who), { anonymous: 401, guest: 403, member: 403 });
      expect((await inject("GET", `/resource/file?file_path=${f1.path}`)).statusCode).toBe(200);

      const res = await inject("DELETE", "/resource/file/delete", admin);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe("");
      for (const f of [f1, f2]) {
        expect((await inject("GET", `/resource/file?file_path=${f.path}`)).statusCode).toBe(404);
        expect((await inject("GET", `/resource/file?file_path=${f.path}&thumbnail=true`)).statusCode).toBe(404);
      }
      expect(fs.existsSync(stored(s, "upload/file"))).toBe(false);
      expect(fs.existsSync(stored(s, "upload/thumbnail"))).toBe(false);
      const items = (await inject("GET", "/admin/system/files", admin)).json() as AdminFileItem[];
      expect(items.map((i) => i.expired)).toEqual([true, true]);
      // Sending a deleted file is refused; new uploads work.
      expect((await sendFile(s, bob, `/group/${gid}/send`, JSON.stringify({ path: f1.path }))).statusCode).toBe(400);
      await share(bob, `/group/${gid}/send`, Buffer.from("new"), "new.txt");
    });
  });

  describe("/api/resource/widget-extra.css", () => {
    it("is empty until set; admins set it; anyone reads it as text/css", async () => {
      const { s, seed: { admin, bob, guest } } = suite;
      const unset = await inject("GET", "/resource/widget-extra.css");
      expect([unset.statusCode, unset.headers["content-type"], unset.body]).toEqual([200, "text/css; charset=utf-8", ""]);
      const css = ".widget { color: #123456; }";
      await expectMatrix(suite.seed, (who) => call(s, "PUT", "/resource/widget-extra.css", who, { data: css }), { anonymous: 401, guest: 403, member: 403 });
      const put = await inject("PUT", "/resource/widget-extra.css", admin, { data: css });
      expect(put.statusCode).toBe(200);
      for (const who of [undefined, guest, bob]) {
        const res = await inject("GET", "/resource/widget-extra.css", who);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
        expect(res.body).toBe(css);
      }
      expect((await inject("PUT", "/resource/widget-extra.css", admin, { data: "" })).statusCode).toBe(200);
      expect((await inject("GET", "/resource/widget-extra.css")).body).toBe("");
    });

    it("validates the body and bounds its size", async () => {
      const { admin } = suite.seed;
      expect((await inject("PUT", "/resource/widget-extra.css", admin, { css: "x" })).statusCode).toBe(400);
      expect((await inject("PUT", "/resource/widget-extra.css", admin, { data: 5 })).statusCode).toBe(400);
      expect((await inject("PUT", "/resource/widget-extra.css", admin, { data: "a".repeat(100_001) })).statusCode).toBe(413);
      // Nothing was stored by the refused writes.
      expect((await inject("GET", "/resource/widget-extra.css")).body).toBe("");
    });
  });
});
