// `npm start`: build the web client if it has not been built, compile the server to plain
// JavaScript, then run one Parley process serving the client at `/`, the API at `/api` and
// `/health` on PORT (default 3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverNodeArgs, serverProcessEnv } from "./runtime.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "web", "dist", "index.html");

function run(args, what) {
  console.log(what);
  const result = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(dist) || process.env.PARLEY_REBUILD === "1") run(["run", "build", "-w", "@parley/web"], "Building the web client…");
// The server build takes about a second; doing it every start keeps it in step with the source.
run(["run", "build:server"], "Compiling the server…");

const server = spawn(process.execPath, [...serverNodeArgs(), path.join(root, "server", "dist", "main.js")], {
  cwd: root,
  stdio: "inherit",
  env: serverProcessEnv({ ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, "web", "dist") }),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
