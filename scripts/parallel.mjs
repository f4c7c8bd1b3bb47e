#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails: `node scripts/parallel.mjs lint typecheck build`.
// `npm test` uses it for the steps that each keep one core busy (eslint, tsc, vite) on the
// two-core CI machines (docs/ARCHITECTURE.md "How the suites run"). Each script's output is held
// and printed whole when it ends, so the logs do not interleave.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script>...");
  process.exit(2);
}

const npm = process.env.npm_execpath;
const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    // Through the npm that runs us (npm_execpath) when there is one, else the npm on PATH.
    const child = npm ? spawn(process.execPath, [npm, "run", name], { stdio: ["ignore", "pipe", "pipe"] }) : spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`\n[parallel] ${name}: ${status} in ${seconds} s\n\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
