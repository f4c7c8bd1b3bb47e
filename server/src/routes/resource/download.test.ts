import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sweepFiles } from "../../commands/files.js";
import { pseudoRandom, setFileExpiry, stored, uploadFile } from "../../test/uploads.js";
import { dialects, type TestServer } from "../../test/harness.js";
import { buildCast } from "../../test/factories.js";
import { call, type Method } from "../../test/api.js";
import { useSuite } from "../../test/suite.js";

/** The cast, and a file Bob uploaded. */
async function seed(s: TestServer) {
  const cast = await buildCast(s);
  const data = pseudoRandom(100_000, 11);
  const file = await uploadFile(s, cast.bob, data, { filename: "notes.bin" });
  return { ...cast, data, file, url: `/resource/file?file_path=${encodeURIComponent(file.path)}` };
}

describe.each(dialects())("GET /api/resource/file (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed });

  const get = (u: string, headers: Record<string, string> = {}, method: Method = "GET") => call(suite.s, method, u, null, undefined, headers);

  it("is served to anyone, with or without a session (clients load files by URL)", async () => {
    const { admin, bob, carol, guest, data, url } = suite.seed;
    // Carol has nothing to do with the file.
    for (const headers of [{}, guest.headers, carol.headers, bob.headers, admin.headers]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(data)).toBe(true);
    }
  });

  it("sends validators and security headers; answers 304 to If-None-Match and If-Modified-Since", async () => {
    const { file, url } = suite.seed;
    const res = await get(url);
    expect(res.headers.etag).toBe(`"${file.hash}"`);
    expect(res.headers["last-modified"]).toMatch(/GMT$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="notes.bin"`);

    const byTag = await get(url, { "if-none-match": res.headers.etag as string });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe("");
    expect((await get(url, { "if-none-match": `W/${res.headers.etag as string}, "other"` })).statusCode).toBe(304);
    expect((await get(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
    expect((await get(url, { "if-modified-since": res.headers["last-modified"] as string })).statusCode).toBe(304);
    expect((await get(url, { "if-modified-since": new Date(Date.now() - 86_400_000).toUTCString() })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get(url, { "if-none-match": '"other"', "if-modified-since": res.headers["last-modified"] as string })).statusCode).toBe(200);
    expect((await get(url, { "if-match": '"other"' })).statusCode).toBe(412);
    expect((await get(url, { "if-match": res.headers.etag as string })).statusCode).toBe(200);
  });

  it("416 for an unsatisfiable range; If-Range with a stale validator gets the whole file", async () => {
    const { data, url } = suite.seed;
    const bad = await get(url, { range: `bytes=${data.length}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers["content-range"]).toBe(`bytes */${data.length}`);
    expect((await get(url, { range: "bytes=-0" })).statusCode).toBe(416);
    // A range whose end is before its start is invalid, so the set is unsatisfiable (RFC 9110 §15.5.17).
    expect((await get(url, { range: "bytes=5-2" })).statusCode).toBe(416);
    // Overlapping ranges are merged into one.
    const merged = await get(url, { range: "bytes=0-9,5-20" });
    expect(merged.statusCode).toBe(206);
    expect(merged.headers["content-range"]).toBe(`bytes 0-20/${data.length}`);
    // Malformed and disjoint multi-range requests are served whole.
    for (const range of ["bytes=abc", "items=0-1", "bytes=0-1,5-6"]) {
      const res = await get(url, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.length).toBe(data.length);
    }
    const etag = (await get(url)).headers.etag as string;
    const fresh = await get(url, { range: "bytes=10-19", "if-range": etag });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload.equals(data.subarray(10, 20))).toBe(true);
    const stale = await get(url, { range: "bytes=10-19", "if-range": '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(data.length);
  });

  it("HEAD answers the headers without a body", async () => {
    const { data, file, url } = suite.seed;
    const res = await get(url, {}, "HEAD");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(data.length));
    expect(res.headers.etag).toBe(`"${file.hash}"`);
    expect(res.body).toBe("");
  });

  it("rejects every path that is not Y/M/D/<uuid> with 400 and answers 404 for unknown ones", async () => {
    const { file } = suite.seed;
    const [y, m, d, id] = file.path.split("/");
    const bad = [
      "",
      "../../db.sqlite",
      `${y}/${m}/${d}/../../../../db.sqlite`,
      `${y}/${m}/${d}/${id}/..`,
      `/${file.path}`,
      `${y}/0${m}/${d}/${id}`,
      `${y}/${m}/${d}/${id}.meta`,
      `${y}/13/1/${id}`,
      `${y}\\${m}\\${d}\\${id}`,
      `${y}/${m}/${d}/${id.toUpperCase()}`,
      "..%2f..%2fdb.sqlite",
      `${y}/${m}/${d}/${id}\u0000`,
    ];
    for (const p of bad) {
      const res = await get(`/resource/file?file_path=${encodeURIComponent(p)}`);
      expect(res.statusCode, p).toBe(400);
    }
    expect((await get("/resource/file")).statusCode).toBe(400);
    const unknown = await get(`/resource/file?file_path=${y}/${m}/${d}/6f1c1c8e-8a4e-4c55-9d2e-2b7c1c9a0f00`);
    expect(unknown.statusCode).toBe(404);
  });

  it("serves script-capable types as attachments", async () => {
    const { s, seed: { bob } } = suite;
    const html = await uploadFile(s, bob, Buffer.from("<script>alert(1)</script>"), { filename: "x.html" });
    const res = await get(`/resource/file?file_path=${html.path}`);
    expect(res.headers["content-type"]).toBe("text/html");
    expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(res.headers["content-security-policy"]).toContain("sandbox");
  });

  it("an expired file answers 404; the job deletes its bytes", async () => {
    const { s, seed: { admin, bob, file, url } } = suite;
    const old = Date.now() - 2 * 86_400_000;
    await s.ctx.db.updateTable("files").set({ created_at: old }).where("path", "=", file.path).execute();
    expect((await get(url)).statusCode).toBe(200); // expiry is off by default
    await setFileExpiry(s, admin, "Day1");
    expect((await get(url)).statusCode).toBe(404);
    const onDisk = stored(s, "upload/file", file.path);
    expect(fs.existsSync(onDisk)).toBe(true);
    const fresh = await uploadFile(s, bob, Buffer.from("fresh"), { filename: "fresh.txt" });
    expect((await sweepFiles(s.ctx)).files).toBe(1);
    expect(fs.existsSync(onDisk)).toBe(false);
    expect((await s.ctx.repos.files.byPath(file.path))?.deleted_at).toEqual(expect.any(Number));
    // Switching expiry off again does not bring deleted bytes back; the fresh file is untouched.
    await setFileExpiry(s, admin, "Off");
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(`/resource/file?file_path=${fresh.path}`)).body).toBe("fresh");
  });
});
