// `npm run bench`: runs every figure script one after another (each starts and stops its own
// server), prints a table of figure / value / budget / met, and writes bench/results/latest.json.
// Extra arguments are passed to every script (e.g. `npm run bench -- --clients 200`, or
// `npm run bench -- --pg` for PostgreSQL); unknown flags are ignored by the scripts that do not
// use them.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib.mjs";

const SCRIPTS = ["fanout", "sends", "memory", "history", "connect", "reconnect", "bundle", "client-boot", "long-tasks"];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(",") : SCRIPTS;
const extra = process.argv.slice(2);

function runScript(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(ROOT, "bench", `${name}.mjs`), ...extra], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      out += d;
      for (const line of d.split("\n")) if (line && !line.startsWith("RESULT ")) process.stdout.write(`  [${name}] ${line}\n`);
    });
    // Every script bounds itself; this is the backstop.
    const timer = setTimeout(() => child.kill("SIGTERM"), 8 * 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      const figures = line ? JSON.parse(line.slice(7)) : [{ figure: name, value: null, unit: "", budget: null, met: false, error: `exit ${code}` }];
      resolve({ name, seconds: Math.round((Date.now() - started) / 1000), figures });
    });
  });
}

let commit = "unknown";
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
} catch {
  // not a git checkout
}

const results = [];
for (const name of SCRIPTS.filter((s) => only.includes(s))) {
  console.log(`== ${name}`);
  results.push(await runScript(name));
}

const rows = results.flatMap((r) => r.figures);
const metText = (m) => (m === true ? "met" : m === false ? "NOT met" : "-");
const table = [
  ["figure", "value", "budget", "met"],
  ...rows.map((f) => [f.figure, f.value === null ? `error (${f.error})` : `${f.value} ${f.unit}`, f.budget ?? "report", metText(f.met)]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
console.log("");
for (const r of table) console.log(r.map((c, i) => String(c).padEnd(widths[i])).join("  "));

const out = {
  date: new Date().toISOString(),
  commit,
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  args: extra,
  database: extra.includes("--pg") ? "postgres" : "sqlite",
  scripts: results.map(({ name, seconds }) => ({ name, seconds })),
  figures: rows,
};
const dir = path.join(ROOT, "bench/results");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "latest.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`\nwrote bench/results/latest.json`);
