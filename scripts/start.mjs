// `npm start`: build the web client if it has not been built, compile the server to plain
// JavaScript if its sources changed since the last build (server/scripts/build.mjs: each build
// has its own directory, so nodes started together from one install never read a half-written
// build), then run one Parley process serving the client at `/`, the API at `/api` and
// `/health` on PORT (default 3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer } from "../server/scripts/build.mjs";
import { withLock } from "../server/scripts/lock.mjs";
import { serverNodeArgs, serverProcessEnv } from "./runtime.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "web", "dist", "index.html");

if (!fs.existsSync(dist) || process.env.PARLEY_REBUILD === "1") {
  // One start builds the web client at a time (Vite empties web/dist first); a start that waited
  // for another's build uses it.
  const status = await withLock(path.join(root, "web", ".build.lock"), ({ waited }) => {
    if (waited && fs.existsSync(dist)) return 0;
    console.log("Building the web client…");
    return spawnSync("npm", ["run", "build", "-w", "@parley/web"], { cwd: root, stdio: "inherit" }).status ?? 1;
  });
  if (status !== 0) process.exit(status);
}
// Compiles only when the sources changed (about a second); the process runs its own build's path,
// so a later build switching server/dist does not change what it loads.
const serverBuild = await buildServer({ onCompile: () => console.log("Compiling the server…") });
if (!serverBuild.compiled) console.log("The server build is up to date.");

const server = spawn(process.execPath, [...serverNodeArgs(), path.join(serverBuild.dir, "main.js")], {
  cwd: root,
  stdio: "inherit",
  env: serverProcessEnv({ ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, "web", "dist") }),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
