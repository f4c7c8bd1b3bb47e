// Summarises a V8 CPU profile (`node --cpu-prof`'s .cpuprofile, or the Chrome DevTools
// Profiler's, which long-tasks.mjs saves): self and total time per function, heaviest first,
// optionally within a time window (ms from the profile's start). Frames of minified bundles
// are mapped back to their sources through the bundles' source maps (`file.js.map` beside a
// file:// script; for http:// scripts, the same path under `--dist <dir>`).
//   node bench/cpuprofile.mjs <file.cpuprofile> [--top 25] [--from ms] [--to ms] [--dist dir] [--groups "name=regex;…"]
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const short = (url) =>
  url
    ? url
        .replace(/^.*\/(node_modules\/)/, "$1")
        .replace(/^(\.\.\/)+/, "")
        .replace(/^.*\/((server|web)\/src)\//, "$1/")
        .replace(/\?.*$/, "")
    : "(native)";

/**
 * The source maps of scripts by URL, each read once: `file.js.map` beside a file:// script; for
 * an http(s):// script, the same path under `dist`. Answers {file, dir, sm} (sm: a SourceMap) or
 * null.
 */
export function sourceMapsOf(dist) {
  const maps = new Map();
  return (url) => {
    if (maps.has(url)) return maps.get(url);
    let map = null;
    try {
      const file = url.startsWith("file:") ? fileURLToPath(url) : dist && /^https?:/.test(url) ? path.join(dist, new URL(url).pathname) : null;
      if (file && fs.existsSync(`${file}.map`)) map = { file, dir: path.dirname(file), sm: new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8"))) };
    } catch {
      map = null;
    }
    maps.set(url, map);
    return map;
  };
}

/** A resolver of (url, line, column) (0-based) to the original {source, line, name}, or null. */
function sourceMaps(dist) {
  const mapOf = sourceMapsOf(dist);
  return (url, line, column) => {
    const map = url && line >= 0 ? mapOf(url) : null;
    const e = map?.sm.findEntry(line, column);
    if (!e?.originalSource) return null;
    return { source: path.relative(process.cwd(), path.resolve(map.dir, e.originalSource.replace(/^file:\/\//, ""))), line: e.originalLine + 1, name: e.name };
  };
}

/**
 * {sampledMs, self, total, groups}: [{name, where, ms}] heaviest first. `total` counts a function
 * once per sample however deep it recurses. `from`/`to` bound the samples, in ms from the first
 * one; `windows` ([[from, to], …], same clock) keeps only the samples inside one of them.
 * `groups` ([[name, RegExp], …]) sorts the time into buckets: a sample goes to the group of the
 * deepest frame (from the leaf up) whose "function<TAB>file:line" matches one, in the order
 * given; the rest is "other". E.g. the share of token checks, queries and socket writes.
 */
export function summarizeProfile(profile, { from = 0, to = Infinity, windows = null, top = 25, dist = null, groups = [] } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const resolve = sourceMaps(dist);
  const keys = new Map();
  const key = (n) => {
    let k = keys.get(n.id);
    if (k) return k;
    const f = n.callFrame;
    const orig = resolve(f.url, f.lineNumber, f.columnNumber);
    k = orig
      ? `${orig.name || f.functionName || "(anonymous)"}\t${short(orig.source)}:${orig.line}`
      : `${f.functionName || "(anonymous)"}\t${short(f.url)}:${f.lineNumber + 1}`;
    keys.set(n.id, k);
    return k;
  };
  const self = new Map();
  const total = new Map();
  const grouped = new Map();
  const groupOf = new Map();
  const groupOfNode = (node) => {
    if (groupOf.has(node.id)) return groupOf.get(node.id);
    const k = key(node);
    const found = groups.find(([, re]) => re.test(k));
    groupOf.set(node.id, found ? found[0] : null);
    return groupOf.get(node.id);
  };
  let t = 0;
  let sampled = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    t += dt;
    if (t < from || t > to) continue;
    if (windows && !windows.some(([a, b]) => t >= a && t <= b)) continue;
    // A sample's time is the gap to the next one.
    const ms = ((profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000);
    sampled += ms;
    const leaf = byId.get(profile.samples[i]);
    self.set(key(leaf), (self.get(key(leaf)) ?? 0) + ms);
    if (groups.length > 0) {
      let g = "other";
      for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
        const found = groupOfNode(byId.get(id));
        if (found) {
          g = found;
          break;
        }
      }
      grouped.set(g, (grouped.get(g) ?? 0) + ms);
    }
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const k = key(byId.get(id));
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  const list = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, ms]) => {
        const [name, where] = k.split("\t");
        return { name, where, ms: Math.round(ms * 10) / 10 };
      });
  const groupList = [...grouped].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms: Math.round(ms * 10) / 10 }));
  return { sampledMs: Math.round(sampled), self: list(self), total: list(total), groups: groupList };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  const flag = (name, d) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : d;
  };
  const distAt = argv.indexOf("--dist");
  // --groups "gc=garbage collector;tokens=jose|verifyAccess;…": name=regex pairs.
  const groupsAt = argv.indexOf("--groups");
  const groups =
    groupsAt >= 0
      ? argv[groupsAt + 1]
          .split(";")
          .filter(Boolean)
          .map((pair) => {
            const eq = pair.indexOf("=");
            return [pair.slice(0, eq), new RegExp(pair.slice(eq + 1))];
          })
      : [];
  const s = summarizeProfile(JSON.parse(fs.readFileSync(argv[0], "utf8")), {
    top: flag("top", 25),
    from: flag("from", 0),
    to: flag("to", Infinity),
    dist: distAt >= 0 ? argv[distAt + 1] : null,
    groups,
  });
  console.log(`sampled ${s.sampledMs} ms`);
  if (s.groups.length > 0) {
    console.log("\ngroups ms");
    for (const g of s.groups) console.log(`${String(g.ms).padStart(9)}  ${g.name}`);
  }
  for (const [title, rows] of [["self", s.self], ["total", s.total]]) {
    console.log(`\n${title} ms`);
    for (const r of rows) console.log(`${String(r.ms).padStart(9)}  ${r.name}  ${r.where}`);
  }
}
