import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { uploadPrefix } from "../storage/layout.js";
import { streamBody } from "../test/streamBody.js";
import { multipart, prepare, pseudoRandom } from "../test/uploads.js";
import { useSuite } from "../test/suite.js";
import { buildAdmin, buildMember } from "../test/factories.js";

/**
 * A refusal that comes before the client has finished sending its body (401 before the upload is
 * read, 413 past a limit, 400 for a malformed multipart body) reaches the client as a status:
 * the server answers, then reads and discards the rest of the body (bounded), so a client still
 * writing on a kept-alive connection reads the answer instead of a broken pipe, and the
 * connection serves the next request.
 */
/** More than loopback's socket buffers hold, so the client is still writing when the answer comes. */
const BIG = 24 * 1024 * 1024;

describe("early refusals over a real socket", () => {
  const suite = useSuite("sqlite", {
    per: "file",
    listen: true,
    config: { uploadChunkLimit: 256 * 1024, maxFileSize: 1024 * 1024 },
    seed: async (s) => buildMember(s, await buildAdmin(s), "Bob"),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());

  /** Streams `body` in 64 KiB pieces, one a millisecond, on the kept-alive connection. */
  const send = (path: string, headers: Record<string, string>, body: Buffer) =>
    streamBody(new URL(path, suite.s.url), { agent, headers, body, length: body.length });

  const health = () =>
    new Promise<number>((resolve, reject) => {
      http.get(new URL("/health", suite.s.url), { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      }).on("error", reject);
    });

  it("answers 401 to an upload without a session while the client is still sending", async () => {
    const { payload, headers } = multipart([
      ["file_id", "x"],
      ["chunk_data", pseudoRandom(BIG, 1)],
    ]);
    const res = await send("/api/resource/file/upload", headers, payload);
    expect(res).toMatchObject({ status: 401, socketError: null });
    expect(await health()).toBe(200);
  });

  it("answers 413 to an upload chunk over the limit, read mid-body", async () => {
    const { s, seed: bob } = suite;
    const fileId = await prepare(s, bob, { filename: "big.bin" });
    const { payload, headers } = multipart([
      ["file_id", fileId],
      ["chunk_data", pseudoRandom(BIG, 2)],
      ["chunk_is_last", "true"],
    ]);
    const res = await send("/api/resource/file/upload", { ...headers, "x-api-key": bob.token }, payload);
    expect(res.status).toBe(413);
    expect(res.socketError).toBeNull();
    expect(await health()).toBe(200);
  });

  it("answers 413 to a JSON body over BODY_LIMIT", async () => {
    const { seed: bob } = suite;
    const body = Buffer.from(JSON.stringify({ name: "x".repeat(BIG) }));
    const res = await send("/api/group", { "content-type": "application/json", "x-api-key": bob.token }, body);
    expect(res).toMatchObject({ status: 413, text: "Payload Too Large", socketError: null });
    expect(await health()).toBe(200);
  });

  it("leaves the upload exactly as it was after refusing an empty chunk (found by the fuzzing probe)", async () => {
    const { s, seed: bob } = suite;
    const fileId = await prepare(s, bob, { filename: "empty.bin" });
    const before = await s.ctx.repos.files.upload(fileId);
    const { payload, headers } = multipart([
      ["file_id", fileId],
      ["chunk_data", Buffer.alloc(0)],
    ]);
    const res = await s.app.inject({ method: "POST", url: "/api/resource/file/upload", headers: { ...headers, "x-api-key": bob.token }, payload });
    expect([res.statusCode, res.body]).toEqual([400, "empty chunk_data"]);
    expect(await s.ctx.repos.files.upload(fileId)).toEqual(before);
  });

  it("answers 400 to multipart without a boundary, and to a truncated multipart body", async () => {
    const { s, seed: bob } = suite;
    const fileId = await prepare(s, bob, { filename: "a.bin" });
    const noBoundary = await send("/api/resource/file/upload", { "content-type": "multipart/form-data", "x-api-key": bob.token }, pseudoRandom(BIG, 3));
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.text).toMatch(/multipart/i);
    expect(noBoundary.socketError).toBeNull();

    const { payload, headers } = multipart([
      ["file_id", fileId],
      ["chunk_data", pseudoRandom(100 * 1024, 4)],
    ]);
    // The closing boundary never comes.
    const truncated = await send("/api/resource/file/upload", { ...headers, "x-api-key": bob.token }, payload.subarray(0, payload.length - 60));
    expect(truncated.status).toBe(400);
    expect(truncated.socketError).toBeNull();
    // Nothing of the refused chunk was kept, not even its sequence number.
    expect(await s.ctx.repos.files.upload(fileId)).toMatchObject({ size: 0, chunks: 0 });
    const stored: string[] = [];
    for await (const entry of s.ctx.storage.list(uploadPrefix(fileId))) stored.push(entry.key);
    expect(stored).toEqual([]);
    expect(await health()).toBe(200);
  });
});
