// Client long tasks: a channel of `messages` messages (one sent through the API, the rest copied
// straight into the database, as history.mjs does) opened in headless Chromium by a member;
// then the member pages back `pages` times (scrolls the message list to its top and waits for
// the older page, 100 messages each) while another user sends `rate` messages/s through the API;
// the paging stops after `paging-seconds` or at the top (the channel's first message on screen;
// the figure names the pages reached). To the top of 100,000: `--pages 1000 --paging-seconds 600`.
// A PerformanceObserver (type "longtask", buffered), installed before the app loads, counts the
// main-thread tasks over 50 ms in two phases, both budgeted at 0: opening (from the navigation
// until the channel's rows are painted and nothing more comes: no history request and no long
// frame for a second) and paging. Every long task is printed with its attribution: the Long
// Animation Frame entries' scripts (the callback that ran, its function and source, mapped to
// web/src through the build's source maps) and the frame's rendering time.
// `--profile true` also records a CPU profile (CDP Profiler) over both phases, saves it to
// bench/results/long-tasks.cpuprofile and prints the functions inside the long tasks of each
// phase (the sampling slows the page: the counts of a profiled run are not the figure). Also
// reported: the renderer's CPU, script, layout and style time per page, and the JS heap after.
//   node bench/long-tasks.mjs [--messages 100000] [--pages 100] [--rate 20] [--paging-seconds 120] [--profile false] [--top 20] [--dist dir] [--pg]
// The functions passed to page.evaluate and addInitScript run in the page.
/* global window, document, requestAnimationFrame */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWeb, launchChromium, loggedInPage } from "./browser.mjs";
import { attribute, observeLongTasks, printProfile, printTasks, profileClock } from "./long-tasks-trace.mjs";
import { args, createChannel, createUser, login, report, request, ROOT, round, seedAdmin, seedMessageCopies, sendText, sleep, startServer } from "./lib.mjs";

const loadBefore = os.loadavg()[0];
const opt = args({ messages: 100_000, pages: 100, rate: 20, "paging-seconds": 120, profile: "false", top: 20, dist: "" });
const profiling = opt.profile === "true";

// `--dist <dir>`: an existing build (with `--sourcemap` for mapped attributions), kept afterwards.
// The source maps only add files beside the bundles (and a comment line to each).
const web = opt.dist ? { dir: path.resolve(opt.dist), remove: () => {} } : buildWeb({ sourcemap: true });
const server = await startServer({ WEB_DIST: web.dir });
let browser;
let sending = false;
try {
  const admin = await seedAdmin(server.base);
  const gid = await createChannel(server.base, admin, "long");
  const readerEmail = await createUser(server.base, admin, "reader");
  const senderEmail = await createUser(server.base, admin, "sender");
  const sender = await login(server.base, senderEmail);
  const firstMid = await sendText(server.base, sender, gid, "first");
  const seeded = await seedMessageCopies(server, firstMid, opt.messages - 1, "long message");
  const reader = await login(server.base, readerEmail);

  browser = await launchChromium();
  const { context, page, errors } = await loggedInPage(browser, reader, [observeLongTasks]);
  let historyResponses = 0;
  page.on("response", (r) => {
    if (r.url().includes(`/api/group/${gid}/history`)) historyResponses++;
  });
  // The renderer's CPU time and its split (CDP Performance metrics) say how much work the paging
  // was, which the long-task count on a shared machine says only together with the load.
  const metrics = await context.newCDPSession(page);
  await metrics.send("Performance.enable");
  const readMetrics = async () => Object.fromEntries((await metrics.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  // The profile runs over both phases: started before the navigation (the page stays in this
  // renderer: same site), its clock tied to the page's after the opening (below).
  const cdp = profiling ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  const opened = performance.now();
  await page.goto(`${server.base}/#/chat/channel/${gid}`);
  await page.waitForFunction(() => performance.getEntriesByName("parley:messages-painted").length > 0, null, { timeout: 60_000 });
  // Opening settles: no history request (the stream's gap being filled) and no long frame (the
  // stream's backlog being applied, rows rendered) for a second.
  const longFrames = () => page.evaluate(() => window.__longFrames.length + window.__longTasks.length);
  for (let last = null; ; ) {
    const now = `${historyResponses}:${await longFrames()}`;
    if (now === last) break;
    last = now;
    await sleep(1_000);
  }
  const openS = (performance.now() - opened) / 1000;
  const paintedAt = await page.evaluate(() => performance.getEntriesByName("parley:messages-painted")[0].startTime);

  // The profile's clock is not the page's: a 20 ms busy function run at a known page time marks
  // the same instant in both (it is found in the samples by name).
  let syncAt = 0;
  if (cdp) {
    syncAt = await page.evaluate(() => {
      const t0 = performance.now();
      (function parleyProfileSync() {
        while (performance.now() - t0 < 20);
      })();
      return t0;
    });
  }
  const pagingStart = await page.evaluate(() => performance.now());
  const metricsAtStart = await readMetrics();
  // What the opening cost the renderer in all (its counters start with the document).
  const openWork = Object.fromEntries(
    [["cpuMs", "ProcessTime"], ["taskMs", "TaskDuration"], ["scriptMs", "ScriptDuration"], ["layoutMs", "LayoutDuration"], ["styleMs", "RecalcStyleDuration"]].map(([k, name]) => [k, round(metricsAtStart[name] * 1000)]),
  );

  // 20 messages/s from the other user, until the paging is done.
  sending = true;
  let sent = 0;
  const senderLoop = (async () => {
    const t0 = performance.now();
    while (sending) {
      const wait = t0 + (sent * 1000) / opt.rate - performance.now();
      if (wait > 0) await sleep(wait);
      if (!sending) break;
      sent++;
      await request(server.base, "POST", `/api/group/${gid}/send`, { token: sender.token, text: `live ${sent} lorem ipsum` });
    }
  })();

  // Page back: scroll the list to its top, wait for the older page's response and two frames.
  let pages = 0;
  let stalls = 0;
  const deadline = performance.now() + opt["paging-seconds"] * 1000;
  // The top: the channel's first message (the one the copies were made from) is on screen.
  const atTop = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="message-content"]')].some((e) => e.textContent === "first"));
  let reachedTop = false;
  while (pages < opt.pages && !reachedTop && stalls < 3 && performance.now() < deadline) {
    const before = historyResponses;
    await page.evaluate(() => (document.querySelector('[data-testid="message-list"]').closest("[data-virtuoso-scroller]").scrollTop = 0));
    const wait = performance.now() + 5_000;
    while (historyResponses === before && performance.now() < wait) await sleep(10);
    if (historyResponses === before) {
      // No older page asked for: the top may be on screen by now (the last page's rows render
      // after the two frames waited for below), or the top is in view: move off it and back.
      reachedTop = await atTop();
      if (reachedTop) break;
      stalls++;
      await page.evaluate(() => (document.querySelector('[data-testid="message-list"]').closest("[data-virtuoso-scroller]").scrollTop = 200));
      continue;
    }
    stalls = 0;
    pages++;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    reachedTop = await atTop();
  }
  sending = false;
  await senderLoop;
  await sleep(500); // the last messages arrive
  const pagingEnd = await page.evaluate(() => performance.now());
  const metricsAtEnd = await readMetrics();
  const spent = (name) => round((metricsAtEnd[name] - metricsAtStart[name]) * 1000);
  const work = { cpuMs: spent("ProcessTime"), scriptMs: spent("ScriptDuration"), layoutMs: spent("LayoutDuration"), styleMs: spent("RecalcStyleDuration"), taskMs: spent("TaskDuration") };
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? null);
  const pagingS = (pagingEnd - pagingStart) / 1000;
  const tasks = await page.evaluate(() => window.__longTasks);
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);

  const frames = await page.evaluate(() => window.__longFrames);
  const during = attribute(
    tasks.filter((t) => t.start >= pagingStart && t.start <= pagingEnd),
    frames,
    web.dir,
  );
  const atOpen = attribute(
    tasks.filter((t) => t.start < pagingStart),
    frames,
    web.dir,
  );
  console.log(`opening: navigation → rows painted ${Math.round(paintedAt)} ms, settled at ${Math.round(pagingStart)} ms (page clock); renderer work ${openWork.cpuMs} ms CPU (tasks ${openWork.taskMs}, script ${openWork.scriptMs}, layout ${openWork.layoutMs}, style ${openWork.styleMs})`);
  printTasks("long tasks while opening", atOpen, 0);
  printTasks("long tasks while paging", during, pagingStart);
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const file = path.join(ROOT, "bench/results/long-tasks.cpuprofile");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile saved to ${path.relative(process.cwd(), file)}`);
    const toProfile = profileClock(profile, syncAt);
    printProfile("opening", profile, toProfile, atOpen, { top: opt.top, dist: web.dir, origin: 0 });
    printProfile("paging", profile, toProfile, during, { top: opt.top, dist: web.dir, origin: pagingStart });
  }
  await context.close();

  const shownMessages = pages * 100;
  const params = {
    messages: opt.messages,
    pages,
    pagesAsked: opt.pages,
    reachedTop,
    rate: opt.rate,
    sent,
    dialect: server.dialect,
    pagingSeconds: round(pagingS),
    openSeconds: round(openS),
    seedSeconds: round(seeded.seconds),
    longTasksMs: during.map((t) => Math.round(t.duration)),
    longTasksAtS: during.map((t) => round((t.start - pagingStart) / 1000)),
    // Renderer work over the paging, per page: CPU time, and the main thread's script, layout and style time.
    perPage: Object.fromEntries(Object.entries(work).map(([k, v]) => [k, round(v / Math.max(1, pages))])),
    heapMbAfter: heap === null ? null : round(heap / 2 ** 20),
    openLongTasksMs: atOpen.map((t) => Math.round(t.duration)),
    openLongTasksAtMs: atOpen.map((t) => Math.round(t.start)),
    openPaintedMs: Math.round(paintedAt),
    openSettledMs: Math.round(pagingStart),
    openWork,
    // The machine's load (1-minute average) before and after: the figure is wall-clock time on
    // two cores shared with other work.
    loadAvg: [round(loadBefore, 2), round(os.loadavg()[0], 2)],
  };
  const pp = params.perPage;
  console.log(`renderer work per page: ${pp.cpuMs} ms CPU (script ${pp.scriptMs}, layout ${pp.layoutMs}, style ${pp.styleMs}); JS heap after paging: ${params.heapMbAfter} MB; load average ${params.loadAvg.join(" → ")}`);
  const n = opt.messages.toLocaleString("en-US");
  report([
    {
      figure: reachedTop
        ? `long tasks > 50 ms paging back to the top (${pages} pages; the stream replayed the newest) of ${n} msgs at ${opt.rate} msgs/s`
        : `long tasks > 50 ms paging back ${pages}${pages < opt.pages ? ` of ${opt.pages}` : ""} pages (${shownMessages.toLocaleString("en-US")} of ${n} msgs) at ${opt.rate} msgs/s`,
      value: during.length,
      unit: "tasks",
      budget: "0 (to the top of 100,000)",
      // Fewer pages than asked (a stall, the time limit) is not the figure, unless the top was reached.
      met: during.length === 0 ? (pages === opt.pages || reachedTop ? true : null) : false,
      params,
    },
    { figure: "longest task while paging", value: Math.round(Math.max(0, ...during.map((t) => t.duration))), unit: "ms", budget: null, met: null },
    {
      figure: `long tasks > 50 ms opening the channel (${n} msgs): navigation → rows painted → settled`,
      value: atOpen.length,
      unit: "tasks",
      budget: "0",
      met: atOpen.length === 0,
      params: { longest: Math.round(Math.max(0, ...atOpen.map((t) => t.duration))), tasksMs: params.openLongTasksMs, atMs: params.openLongTasksAtMs, paintedMs: params.openPaintedMs, settledMs: params.openSettledMs },
    },
    { figure: "longest task while opening", value: Math.round(Math.max(0, ...atOpen.map((t) => t.duration))), unit: "ms", budget: null, met: null },
  ]);
} finally {
  sending = false;
  await browser?.close();
  await server.stop();
  web.remove();
}
