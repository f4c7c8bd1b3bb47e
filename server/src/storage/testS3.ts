import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import type { S3StorageConfig } from "./s3.js";

/**
 * For tests only: an S3 server (s3rver, a devDependency) on a free port with one empty bucket in
 * a temporary folder, and the `storage` config that reaches it as `STORAGE=s3` with
 * `S3_ENDPOINT`, path-style addressing and s3rver's fixed dummy keys would
 * (docs/STORAGE.md).
 */
export interface TestS3 {
  config: S3StorageConfig;
  /** Where s3rver keeps the objects (`<bucket>/<key>._S3rver_object`). */
  directory: string;
  close(): Promise<void>;
}

/**
 * s3rver runs in a child process because it seals its ListObjectsV2 continuation tokens with
 * DES, which Node's OpenSSL 3 refuses unless the process starts with `--openssl-legacy-provider`:
 * in this process every listing longer than one page would fail. The child exits when its stdin
 * closes, so it never outlives the test worker.
 */
const CHILD = `
const S3rver = require(process.argv[1]);
const [directory, bucket] = process.argv.slice(2);
new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log(JSON.stringify({ port })), (err) => { console.error(err); process.exit(1); });
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

export async function startTestS3(prefix = ""): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-"));
  const bucket = "parley";
  const entry = createRequire(import.meta.url).resolve("s3rver");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", CHILD, entry, directory, bucket], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
  });
  return {
    config: {
      kind: "s3",
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix,
    },
    directory,
    async close() {
      child.stdin.end();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
