import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { UploadFileResponse } from "@parley/protocol";
import { prepare, uploadFile } from "../../test/uploads.js";
import { dialects, type Session } from "../../test/harness.js";
import { buildUser } from "../../test/factories.js";
import { useSuite } from "../../test/suite.js";

const MB = 1024 * 1024;

/**
 * One multipart chunk request over a real socket whose `chunk_data` is generated as it is
 * sent: neither this test nor the server ever holds the chunk in memory.
 */
function streamChunk(base: string, who: Session, fileId: string, size: number, last: boolean, hash: ReturnType<typeof createHash>) {
  const boundary = "----parleymemory";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file_id"\r\n\r\n${fileId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="chunk_data"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="chunk_is_last"\r\n\r\n${last}\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    for (let sent = 0; sent < size; ) {
      const block = randomBytes(Math.min(64 * 1024, size - sent));
      hash.update(block);
      sent += block.length;
      yield block;
    }
    yield tail;
  }
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${base}/api/resource/file/upload`,
      { method: "POST", headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    Readable.from(body()).pipe(req);
  });
}

describe.each(dialects())("a 100 MB upload keeps memory flat (%s)", (dialect) => {
  const suite = useSuite(dialect, { listen: true, seed: (s) => buildUser(s, "Admin", "admin") });

  it("streams chunks to storage and joins them without buffering: RSS grows by less than 30 MB", { timeout: 120_000 }, async () => {
    const { s, seed: admin } = suite;
    // Warm up every code path first (multipart, storage, hashing) with a 20 MB streamed upload,
    // so the heap has reached its steady state and only what the big upload keeps is measured:
    // a buffered 100 MB file would show as 100 MB whatever the warm-up.
    await uploadFile(s, admin, randomBytes(200_000), { filename: "warmup.bin" });
    const warmup = await prepare(s, admin, { filename: "warmup2.bin" });
    expect((await streamChunk(s.url, admin, warmup, 20 * MB, true, createHash("sha256"))).status).toBe(200);
    const fileId = await prepare(s, admin, { filename: "big.bin" });
    const hash = createHash("sha256");
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      const first = await streamChunk(s.url, admin, fileId, 60 * MB, false, hash);
      expect(first).toEqual({ status: 200, body: "null" });
      const last = await streamChunk(s.url, admin, fileId, 40 * MB, true, hash);
      expect(last.status).toBe(200);
      const result = JSON.parse(last.body) as UploadFileResponse;
      expect(result.size).toBe(100 * MB);
      expect(result.hash).toBe(hash.digest("hex"));
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage().rss;
    peak = Math.max(peak, after);
    console.info(`RSS before ${(before / MB).toFixed(1)} MB, peak +${((peak - before) / MB).toFixed(1)} MB, after +${((after - before) / MB).toFixed(1)} MB`);
    expect(after - before).toBeLessThan(30 * MB);
    expect(peak - before).toBeLessThan(30 * MB);
  });
});
