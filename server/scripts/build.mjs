// Compiles the server to plain JavaScript (what `npm start` and the benchmarks run): one minified
// ESM bundle (server, @parley/protocol and the pure-JS dependencies), and each migration as its
// own entry under migrations/ (shared code in chunks/) so that the migrator still discovers them
// by name. Running compiled JS instead of `tsx` saves the transpiler and its caches: tens of MB
// of RSS and a faster start.
//
// Several nodes may start from one install at the same time, and a node keeps running (and
// lazily importing chunks) while another rebuilds, so a build never writes where a build is read:
// - each build goes to server/build/<hash>/, named by a hash of everything it is made from (the
//   server and protocol sources, this script, the lockfile); if that directory exists, there is
//   nothing to do;
// - it is written under a temporary name and renamed into place, so it appears whole or not at all
//   (two concurrent builds of one hash: the second rename fails and that copy is dropped);
// - server/dist is a symbolic link to the current build, replaced by an atomic rename, so
//   `node server/dist/main.js` always finds a complete build;
// - the builds used most recently (KEEP_BUILDS) are kept for the processes still running them.
import { build } from "esbuild";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const serverDir = path.resolve(import.meta.dirname, "..");
const root = path.resolve(serverDir, "..");

/** Builds kept in server/build: the current one and the ones nodes may still be running. */
export const KEEP_BUILDS = 3;
/** A temporary build directory older than this belongs to a build that died. */
const STALE_TEMP_MS = 10 * 60_000;

// Native addons (and pg, which probes for the optional pg-native) load from node_modules; every
// other dependency is bundled, so that the process keeps one minified source instead of hundreds
// of module files (the source text of loaded code stays in the V8 heap).
const external = ["better-sqlite3", "sharp", "@node-rs/argon2", "pg", "pg-native"];

function listFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A hash of every input of the build: a changed source, dependency or build script is a new build.
 * `salt` stands for a change of the sources in tests.
 */
export function sourceHash(salt = "") {
  const inputs = [
    ...listFiles(path.join(serverDir, "src")),
    ...listFiles(path.join(root, "protocol", "src")),
    path.join(serverDir, "scripts", "build.mjs"),
    path.join(root, "package-lock.json"),
  ];
  const hash = crypto.createHash("sha256").update(salt);
  for (const file of inputs) {
    if (!fs.existsSync(file)) continue;
    hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

async function compile(outdir) {
  const migrationsDir = path.join(serverDir, "src/db/migrations");
  const entryPoints = { main: path.join(serverDir, "src/main.ts") };
  for (const file of fs.readdirSync(migrationsDir)) {
    const m = /^(\d{3}_[a-z0-9_]+)\.ts$/.exec(file);
    if (m) entryPoints[`migrations/${m[1]}`] = path.join(migrationsDir, file);
  }
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
}

/** Points `link` at `target` by renaming a new link over it: readers see the old build or the new one. */
function switchLink(link, target) {
  let existing = null;
  try {
    existing = fs.lstatSync(link);
  } catch {
    // no link yet
  }
  if (existing?.isDirectory()) {
    // A server/dist from before builds were kept apart: move it aside once (never delete it here,
    // a process may still run from it); the next clean-up removes it.
    try {
      fs.renameSync(link, `${target}.legacy-${crypto.randomBytes(4).toString("hex")}`);
    } catch (err) {
      if (err.code !== "ENOENT") throw err; // another build moved it first
    }
  }
  const temp = `${link}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  fs.symlinkSync(path.relative(path.dirname(link), target), temp, "junction");
  fs.renameSync(temp, link);
}

/** Removes dead temporary builds and all but the KEEP_BUILDS most recently used builds. */
function cleanUp(buildRoot, current) {
  const entries = fs.readdirSync(buildRoot, { withFileTypes: true }).filter((e) => e.isDirectory());
  const now = Date.now();
  const builds = [];
  for (const entry of entries) {
    const dir = path.join(buildRoot, entry.name);
    let mtime;
    try {
      mtime = fs.statSync(dir).mtimeMs;
    } catch {
      continue; // removed by a concurrent clean-up
    }
    if (entry.name.includes(".tmp-")) {
      if (now - mtime > STALE_TEMP_MS) fs.rmSync(dir, { recursive: true, force: true });
    } else if (dir !== current) builds.push({ dir, mtime });
  }
  builds.sort((a, b) => b.mtime - a.mtime);
  for (const { dir } of builds.slice(KEEP_BUILDS - 1)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Makes sure the build of the current sources exists and server/dist points at it. Returns the
 * build's directory (run `<dir>/main.js`) and whether it was compiled now or already there.
 * `onCompile` is called before compiling (not when the build exists); `buildRoot`, `distLink` and
 * `salt` are for tests.
 */
export async function buildServer({ buildRoot = path.join(serverDir, "build"), distLink = path.join(serverDir, "dist"), onCompile = () => {}, salt = "" } = {}) {
  const hash = sourceHash(salt);
  const dir = path.join(buildRoot, hash);
  fs.mkdirSync(buildRoot, { recursive: true });
  // The builds are not part of the repository.
  fs.writeFileSync(path.join(buildRoot, ".gitignore"), "*\n");
  let compiled = false;
  if (!fs.existsSync(dir)) {
    const temp = `${dir}.tmp-${crypto.randomBytes(6).toString("hex")}`;
    onCompile();
    try {
      await compile(temp);
      fs.writeFileSync(path.join(temp, "build.json"), JSON.stringify({ hash, builtAt: new Date().toISOString() }) + "\n");
      fs.renameSync(temp, dir);
      compiled = true;
    } catch (err) {
      fs.rmSync(temp, { recursive: true, force: true });
      // A concurrent build of the same sources got there first: use that one.
      if (!["ENOTEMPTY", "EEXIST"].includes(err.code) || !fs.existsSync(dir)) throw err;
    }
  }
  // Marks the build as used now, so that the clean-up keeps what was started last.
  const now = new Date();
  fs.utimesSync(dir, now, now);
  switchLink(distLink, dir);
  cleanUp(buildRoot, dir);
  return { dir, hash, compiled };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { dir, compiled } = await buildServer();
  console.log(compiled ? `server built into ${path.relative(process.cwd(), dir)}` : `server build ${path.relative(process.cwd(), dir)} is up to date`);
}
