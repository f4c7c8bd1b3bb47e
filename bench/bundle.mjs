// Client bundle: gzip and brotli bytes of the web client's JS + CSS. (a) the login page:
// index.html's entry, its modulepreloads and stylesheets and their static imports (the login
// route is in the entry chunk; a chunk fetched only by `import()` is not counted: the chunks a
// stored session preloads are not loaded without one); (b) a chat channel: (a) plus the lazy route
// chunks home, ChatLayout and ChannelChat with their static imports and the files Vite preloads
// with them (`__vite__mapDeps`: their stylesheets, which no static import names). Also every
// chunk on its own and the total.
// By default it builds the working tree's web client into a temp dir of its own (web/dist is
// shared with other work and may be stale); `--dist <dir>` measures an existing build instead.
//   node bench/bundle.mjs [--dist web/dist]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildWeb } from "./browser.mjs";
import { ROOT, args, report, round } from "./lib.mjs";

const opt = args({ dist: "" });
const web = opt.dist ? null : buildWeb();
const dist = web ? web.dir : path.resolve(ROOT, opt.dist);
process.on("exit", () => web?.remove());

const assets = path.join(dist, "assets");
const files = fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const sizes = new Map();
for (const f of files) {
  const buf = fs.readFileSync(path.join(assets, f));
  sizes.set(f, {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  });
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file) {
  if (!file.endsWith(".js")) return [];
  const src = fs.readFileSync(path.join(assets, file), "utf8");
  return [...src.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.(?:js|css))["'`]/g)].map((m) => m[1]);
}

/**
 * What Vite fetches with each lazily imported chunk: `import("./x.js"), __vite__mapDeps([i, …])`
 * indexes the file list `m.f = ["assets/…", …]` of the importing chunk. Chunk → its files.
 */
function preloadLists() {
  const lists = new Map();
  for (const file of files.filter((f) => f.endsWith(".js"))) {
    const src = fs.readFileSync(path.join(assets, file), "utf8");
    const table = /m\.f=(\[[^\]]*\])/.exec(src);
    if (!table) continue;
    const names = JSON.parse(table[1]).map((f) => f.replace(/^assets\//, ""));
    for (const m of src.matchAll(/import\(["'`]\.\/([^"'`]+)["'`]\),__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
      lists.set(m[1], m[2].split(",").filter(Boolean).map((i) => names[Number(i)]));
    }
  }
  return lists;
}

function closure(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !sizes.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const initialRoots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const byPrefix = (prefix) => files.filter((f) => f.startsWith(`${prefix}-`));
const login = closure(initialRoots);
const preloads = preloadLists();
const routeChunks = [...byPrefix("home"), ...byPrefix("ChatLayout"), ...byPrefix("ChannelChat")];
if (routeChunks.some((f) => f.endsWith(".js") && !preloads.has(f))) console.warn("bundle: no preload list found for a route chunk; its stylesheets are not counted");
const channel = closure([...initialRoots, ...routeChunks, ...routeChunks.flatMap((f) => preloads.get(f) ?? [])]);
const sum = (set, key) => [...set].reduce((n, f) => n + sizes.get(f)[key], 0);
const kb = (b) => round(b / 1024);

const chunks = Object.fromEntries([...sizes].sort((a, b) => b[1].gzip - a[1].gzip));
console.log("chunk                                   raw KB  gzip KB  brotli KB");
for (const [f, s] of Object.entries(chunks)) {
  console.log(`${f.padEnd(40)}${String(kb(s.raw)).padStart(7)}${String(kb(s.gzip)).padStart(9)}${String(kb(s.brotli)).padStart(11)}`);
}
const params = { loginFiles: [...login], channelFiles: [...channel], chunks };
const all = new Set(files);
report([
  { figure: "bundle (a) login page, gzip", value: kb(sum(login, "gzip")), unit: "KB", budget: "<= 130 KB gzip", met: sum(login, "gzip") <= 130 * 1024, params },
  { figure: "bundle (a) login page, brotli", value: kb(sum(login, "brotli")), unit: "KB", budget: null, met: null },
  { figure: "bundle (b) chat channel, gzip", value: kb(sum(channel, "gzip")), unit: "KB", budget: "<= 250 KB gzip", met: sum(channel, "gzip") <= 250 * 1024 },
  { figure: "bundle (b) chat channel, brotli", value: kb(sum(channel, "brotli")), unit: "KB", budget: null, met: null },
  { figure: `bundle all ${files.length} JS+CSS files, gzip`, value: kb(sum(all, "gzip")), unit: "KB", budget: null, met: null },
  { figure: `bundle all ${files.length} JS+CSS files, brotli`, value: kb(sum(all, "brotli")), unit: "KB", budget: null, met: null },
]);
