// What long-tasks.mjs records in the page and how it says what ran in each long task: the
// `longtask` entries (the figure), the Long Animation Frame entries whose script timings name
// the callback and source of each (the attribution; mapped to web/src through the build's
// source maps), and the optional CDP CPU profile cut to the tasks' windows.
/* global window */
import fs from "node:fs";
import path from "node:path";
import { sourceMapsOf, summarizeProfile } from "./cpuprofile.mjs";

/**
 * Runs in the page before any of the app's scripts: every long task (> 50 ms), and every
 * animation frame over 50 ms with the scripts that ran in it (≥ 5 ms each, Chrome's threshold).
 */
export function observeLongTasks() {
  window.__longTasks = [];
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  if (!PerformanceObserver.supportedEntryTypes.includes("long-animation-frame")) return;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longFrames.push({
        start: e.startTime,
        duration: e.duration,
        renderStart: e.renderStart,
        styleAndLayoutStart: e.styleAndLayoutStart,
        scripts: e.scripts.map((s) => ({
          start: s.startTime,
          duration: s.duration,
          // Before the execution: compiling the script (an entry or a chunk's evaluation).
          compile: s.executionStart > s.startTime ? s.executionStart - s.startTime : 0,
          invoker: s.invoker,
          invokerType: s.invokerType,
          forcedLayout: s.forcedStyleAndLayoutDuration,
          url: s.sourceURL,
          fn: s.sourceFunctionName,
          at: s.sourceCharPosition,
        })),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
}

/** (url, char position) → "name web/src/…:line" through the build's source maps, or the raw place. */
function sourcePlaces(dist) {
  const mapOf = sourceMapsOf(dist);
  return (url, at, fn) => {
    const f = url && at >= 0 ? mapOf(url) : null;
    if (!f) return `${fn || "(anonymous)"} ${url ? path.basename(new URL(url).pathname) : "(no source)"}${at >= 0 ? `@${at}` : ""}`;
    // Script timings give a character position: the script's text turns it into a line and column.
    f.text ??= fs.readFileSync(f.file, "utf8");
    const before = f.text.slice(0, at);
    const line = before.split("\n").length - 1;
    const e = f.sm.findEntry(line, at - (before.lastIndexOf("\n") + 1));
    if (!e?.originalSource) return `${fn || "(anonymous)"} ${path.basename(url)}@${at}`;
    const source = e.originalSource.replace(/^.*?\/((web|protocol)\/src\/)/, "$1").replace(/^.*\/node_modules\//, "");
    return `${fn || e.name || "(anonymous)"} ${source}:${e.originalLine + 1}`;
  };
}

/**
 * Each long task with what the frame it ended up in says about it: the scripts (invoker, the
 * function and its source) that ran inside the task, and the frame's style/layout/paint time.
 */
export function attribute(tasks, frames, dist) {
  const place = sourcePlaces(dist);
  return tasks.map((t) => {
    const end = t.start + t.duration;
    const frame = frames.find((f) => f.start <= t.start + 1 && t.start < f.start + f.duration);
    const scripts = (frame?.scripts ?? [])
      .filter((s) => s.start >= t.start - 1 && s.start < end)
      .sort((a, b) => b.duration - a.duration)
      .map((s) => ({ ms: Math.round(s.duration), invoker: s.invoker, where: place(s.url, s.at, s.fn), compileMs: Math.round(s.compile), forcedLayoutMs: Math.round(s.forcedLayout) }));
    // The rendering steps of the frame, when they ran in this task: from its animation-frame
    // callbacks on, and the style, layout and paint at its end.
    const inTask = (at) => frame && at > 0 && at >= t.start - 1 && at < end;
    const frameEnd = frame ? frame.start + frame.duration : 0;
    const renderMs = inTask(frame?.renderStart) ? Math.round(frameEnd - frame.renderStart) : 0;
    const styleLayoutMs = inTask(frame?.styleAndLayoutStart) ? Math.round(frameEnd - frame.styleAndLayoutStart) : 0;
    return { ...t, scripts, renderMs, styleLayoutMs };
  });
}

/** Prints the attributed tasks, times from `origin` (page ms). */
export function printTasks(title, tasks, origin) {
  console.log(`${title}: ${tasks.length}${tasks.length ? ` (longest ${Math.round(Math.max(...tasks.map((t) => t.duration)))} ms)` : ""}`);
  for (const t of tasks) {
    const scriptMs = t.scripts.reduce((s, x) => s + x.ms, 0);
    console.log(`  ${Math.round(t.duration)} ms at ${Math.round(t.start - origin)} ms: scripts ${scriptMs} ms, rendering ${t.renderMs} ms (style and layout ${t.styleLayoutMs} ms)`);
    for (const s of t.scripts.slice(0, 6)) {
      const notes = [s.compileMs && `compile ${s.compileMs} ms`, s.forcedLayoutMs && `forced layout ${s.forcedLayoutMs} ms`].filter(Boolean);
      console.log(`    ${String(s.ms).padStart(5)} ms  ${s.invoker}  →  ${s.where}${notes.length ? ` (${notes.join(", ")})` : ""}`);
    }
  }
}

/** Page time (ms) → profile time (ms from its first sample), from the `parleyProfileSync` samples. */
export function profileClock(profile, syncAt) {
  const sync = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "parleyProfileSync").map((n) => n.id));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      if (sync.has(id)) return (pageMs) => pageMs - syncAt + t;
    }
  }
  console.warn("profile: the sync mark was not sampled; windows are approximate");
  return (pageMs) => pageMs - syncAt;
}

/** The functions inside `tasks` (all of them, then the 3 longest each on its own), from the profile. */
export function printProfile(title, profile, toProfile, tasks, { top, dist, origin }) {
  if (!tasks.length) return;
  const windows = tasks.map((t) => [toProfile(t.start), toProfile(t.start + t.duration)]);
  const s = summarizeProfile(profile, { windows, top, dist });
  console.log(`${title}: ${s.sampledMs} ms sampled inside the ${tasks.length} long tasks`);
  for (const [kind, rows] of [["self", s.self], ["total", s.total]]) {
    console.log(`  ${kind} ms inside long tasks:`);
    for (const r of rows) console.log(`  ${String(r.ms).padStart(8)}  ${r.name}  ${r.where}`);
  }
  for (const t of [...tasks].sort((a, b) => b.duration - a.duration).slice(0, 3)) {
    const one = summarizeProfile(profile, { windows: [[toProfile(t.start), toProfile(t.start + t.duration)]], top: 12, dist });
    const [from, to] = [toProfile(t.start), toProfile(t.start + t.duration)].map(Math.round);
    console.log(`  the ${Math.round(t.duration)} ms task at ${Math.round(t.start - origin)} ms (cpuprofile.mjs --from ${from} --to ${to}), total ms:`);
    for (const r of one.total) console.log(`  ${String(r.ms).padStart(8)}  ${r.name}  ${r.where}`);
  }
}
