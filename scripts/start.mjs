// `npm start`: build the web client if it has not been built, then run one Parley process
// serving the client at `/`, the API at `/api` and `/health` on PORT (default 3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "web", "dist", "index.html");

if (!fs.existsSync(dist) || process.env.PARLEY_REBUILD === "1") {
  console.log("Building the web client…");
  const build = spawnSync("npm", ["run", "build", "-w", "@parley/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "src", "main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(root, "web", "dist") },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
