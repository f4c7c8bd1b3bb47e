// Compiles the server to plain JavaScript in server/dist (what `npm start` and the benchmarks run):
// one minified ESM bundle (server, @parley/protocol and the pure-JS dependencies), and each
// migration as its own entry under dist/migrations (shared code in dist/chunks) so that the
// migrator still discovers them by name. Running compiled JS instead of `tsx` saves the
// transpiler and its caches: tens of MB of RSS and a faster start.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "..");
// Native addons (and pg, which probes for the optional pg-native) load from node_modules; every
// other dependency is bundled, so that the process keeps one minified source instead of hundreds
// of module files (the source text of loaded code stays in the V8 heap).
const external = ["better-sqlite3", "sharp", "@node-rs/argon2", "pg", "pg-native"];

const migrationsDir = path.join(serverDir, "src/db/migrations");
const entryPoints = { main: path.join(serverDir, "src/main.ts") };
for (const file of fs.readdirSync(migrationsDir)) {
  const m = /^(\d{3}_[a-z0-9_]+)\.ts$/.exec(file);
  if (m) entryPoints[`migrations/${m[1]}`] = path.join(migrationsDir, file);
}

const outdir = path.join(serverDir, "dist");
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external,
  sourcemap: "linked",
  outExtension: { ".js": ".js" },
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  legalComments: "none",
  minify: true,
  keepNames: true,
  charset: "ascii",
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner: { js: "import { createRequire as __parleyCreateRequire } from \"node:module\"; const require = __parleyCreateRequire(import.meta.url);" },
});
fs.writeFileSync(path.join(outdir, "package.json"), JSON.stringify({ type: "module" }));
console.log(`server built into ${path.relative(process.cwd(), outdir) || "."}`);
