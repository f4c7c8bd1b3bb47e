// Client long tasks: a channel of `messages` messages (one sent through the API, the rest copied
// straight into the database, as history.mjs does) opened in headless Chromium by a member;
// then the member pages back `pages` times (scrolls the message list to its top and waits for
// the older page, 100 messages each) while another user sends `rate` messages/s through the API;
// the paging stops after `paging-seconds` (the figure names the pages reached).
// A PerformanceObserver (type "longtask", buffered), installed before the app loads, counts the
// main-thread tasks over 50 ms: while paging (the budgeted figure) and while opening the channel.
// `--profile true` also records a CPU profile (CDP Profiler), saves it to
// bench/results/long-tasks.cpuprofile and prints the functions inside the long tasks.
//   node bench/long-tasks.mjs [--messages 100000] [--pages 100] [--rate 20] [--paging-seconds 120] [--profile false] [--pg]
// The functions passed to page.evaluate and addInitScript run in the page.
/* global window, document, requestAnimationFrame */
import fs from "node:fs";
import path from "node:path";
import { buildWeb, launchChromium, loggedInPage } from "./browser.mjs";
import { summarizeProfile } from "./cpuprofile.mjs";
import { args, createChannel, createUser, login, report, request, ROOT, round, seedAdmin, seedMessageCopies, sendText, sleep, startServer } from "./lib.mjs";

const opt = args({ messages: 100_000, pages: 100, rate: 20, "paging-seconds": 120, profile: "false" });
const profiling = opt.profile === "true";

/** Runs in the page before any of the app's scripts. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
}

const web = buildWeb({ sourcemap: profiling });
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
  const cdp = profiling ? await context.newCDPSession(page) : null;
  const opened = performance.now();
  await page.goto(`${server.base}/#/chat/channel/${gid}`);
  await page.waitForFunction(() => performance.getEntriesByName("parley:messages-painted").length > 0, null, { timeout: 60_000 });
  // Opening settles: no history request (the stream's gap being filled) for a second.
  for (let last = -1; last !== historyResponses; ) {
    last = historyResponses;
    await sleep(1_000);
  }
  const openS = (performance.now() - opened) / 1000;

  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  const pagingStart = await page.evaluate(() => performance.now());

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
  while (pages < opt.pages && stalls < 3 && performance.now() < deadline) {
    const before = historyResponses;
    await page.evaluate(() => (document.querySelector('[data-testid="message-list"]').closest("[data-virtuoso-scroller]").scrollTop = 0));
    const wait = performance.now() + 5_000;
    while (historyResponses === before && performance.now() < wait) await sleep(10);
    if (historyResponses === before) {
      stalls++; // e.g. the top was already in view: move off it and back
      await page.evaluate(() => (document.querySelector('[data-testid="message-list"]').closest("[data-virtuoso-scroller]").scrollTop = 200));
      continue;
    }
    stalls = 0;
    pages++;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  sending = false;
  await senderLoop;
  await sleep(500); // the last messages arrive
  const pagingEnd = await page.evaluate(() => performance.now());
  const pagingS = (pagingEnd - pagingStart) / 1000;
  const tasks = await page.evaluate(() => window.__longTasks);
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);

  const during = tasks.filter((t) => t.start >= pagingStart && t.start <= pagingEnd);
  const atOpen = tasks.filter((t) => t.start < pagingStart);
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const file = path.join(ROOT, "bench/results/long-tasks.cpuprofile");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    // Profile time 0 is (about) `pagingStart` in the page's clock.
    const windows = during.map((t) => [t.start - pagingStart - 5, t.start - pagingStart + t.duration + 5]);
    const s = summarizeProfile(profile, { windows, top: 20, dist: web.dir });
    console.log(`CPU profile saved to ${path.relative(process.cwd(), file)}; ${s.sampledMs} ms sampled inside the ${during.length} long tasks`);
    for (const [title, rows] of [["self", s.self], ["total", s.total]]) {
      console.log(`  ${title} ms inside long tasks:`);
      for (const r of rows) console.log(`  ${String(r.ms).padStart(8)}  ${r.name}  ${r.where}`);
    }
  }
  await context.close();

  const shownMessages = pages * 100;
  const params = {
    messages: opt.messages,
    pages,
    pagesAsked: opt.pages,
    rate: opt.rate,
    sent,
    dialect: server.dialect,
    pagingSeconds: round(pagingS),
    openSeconds: round(openS),
    seedSeconds: round(seeded.seconds),
    longTasksMs: during.map((t) => Math.round(t.duration)),
    openLongTasksMs: atOpen.map((t) => Math.round(t.duration)),
  };
  const n = opt.messages.toLocaleString("en-US");
  report([
    {
      figure: `long tasks > 50 ms paging back ${pages}${pages < opt.pages ? ` of ${opt.pages}` : ""} pages (${shownMessages.toLocaleString("en-US")} of ${n} msgs) at ${opt.rate} msgs/s`,
      value: during.length,
      unit: "tasks",
      budget: "0 (to the top of 100,000)",
      // Fewer pages than asked (a stall) is not the figure.
      met: during.length === 0 ? (pages === opt.pages ? true : null) : false,
      params,
    },
    { figure: "longest task while paging", value: Math.round(Math.max(0, ...during.map((t) => t.duration))), unit: "ms", budget: null, met: null },
    { figure: `long tasks > 50 ms opening the channel (${n} msgs)`, value: atOpen.length, unit: "tasks", budget: null, met: null, params: { longest: Math.round(Math.max(0, ...atOpen.map((t) => t.duration))) } },
  ]);
} finally {
  sending = false;
  await browser?.close();
  await server.stop();
  web.remove();
}
