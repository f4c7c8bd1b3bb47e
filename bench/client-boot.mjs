// Client boot: headless Chromium, a logged-in member of `channels` channels with `messages`
// messages in the first. Each load is cold (a new browser context: no cache, no storage but the
// stored login) and navigates straight to the first channel; the figure is the time from
// navigation start to the web client's `parley:messages-painted` mark (set once, in the frame
// after its message list first renders rows). Median of `loads` loads after one warm-up load.
// Builds the web client into a temp dir of its own and serves it from the benchmark's server.
// `--timeline true` prints the resource timing of the last load (what waits for what);
// `--profile true` records a CPU profile of the last load (bench/results/client-boot.cpuprofile)
// and prints its heaviest functions, mapped to the sources.
//   node bench/client-boot.mjs [--channels 50] [--messages 50] [--loads 10] [--timeline false] [--profile false] [--pg]
// The functions passed to page.evaluate run in the page.
/* global location */
import fs from "node:fs";
import path from "node:path";
import { buildWeb, launchChromium, loggedInPage } from "./browser.mjs";
import { summarizeProfile } from "./cpuprofile.mjs";
import { args, createChannel, createUser, login, percentile, report, ROOT, round, seedAdmin, sendText, startServer } from "./lib.mjs";

const opt = args({ channels: 50, messages: 50, loads: 10, timeline: "false", profile: "false" });
const MARK = "parley:messages-painted";

const web = buildWeb({ sourcemap: opt.profile === "true" });
const server = await startServer({ WEB_DIST: web.dir });
let browser;
try {
  const admin = await seedAdmin(server.base);
  const email = await createUser(server.base, admin, "booter");
  const gids = [];
  for (let i = 0; i < opt.channels; i++) gids.push(await createChannel(server.base, admin, `channel-${String(i).padStart(2, "0")}`));
  for (let i = 0; i < opt.messages; i++) await sendText(server.base, admin, gids[0], `boot message ${i} lorem ipsum dolor sit amet`);
  browser = await launchChromium();

  /** One cold load: {boot, fcp, domContentLoaded, load} in ms from navigation start. */
  const coldLoad = async (profile = false) => {
    const session = await login(server.base, email);
    const { context, page, errors } = await loggedInPage(browser, session);
    const cdp = profile ? await context.newCDPSession(page) : null;
    try {
      if (cdp) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
        await cdp.send("Profiler.start");
      }
      await page.goto(`${server.base}/#/chat/channel/${gids[0]}`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 30_000 });
      // The rows painted are the first channel's (its newest message is on screen).
      await page.getByTestId("message-list").getByText(`boot message ${opt.messages - 1} lorem`).waitFor({ timeout: 10_000 });
      if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
      if (cdp) {
        const markAt = await page.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, MARK);
        const { profile: cpu } = await cdp.send("Profiler.stop");
        const file = path.join(ROOT, "bench/results/client-boot.cpuprofile");
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(cpu));
        // The profile starts a little before the navigation: up to the mark, about.
        const s = summarizeProfile(cpu, { to: markAt, top: 30, dist: web.dir });
        console.log(`CPU profile of the last load saved to ${path.relative(process.cwd(), file)}; ${s.sampledMs} ms sampled up to the mark (${Math.round(markAt)} ms)`);
        for (const [title, rows] of [["self", s.self], ["total", s.total]]) {
          console.log(`  ${title} ms:`);
          for (const r of rows) console.log(`  ${String(r.ms).padStart(8)}  ${r.name}  ${r.where}`);
        }
      }
      return await page.evaluate((mark) => {
        const measure = performance.measure("parley:boot", { start: 0, end: mark });
        const nav = performance.getEntriesByType("navigation")[0];
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        const resources = performance.getEntriesByType("resource").map((r) => ({ name: r.name.replace(location.origin, ""), start: r.startTime, end: r.responseEnd }));
        return { boot: measure.duration, fcp: fcp?.startTime ?? null, domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, resources };
      }, MARK);
    } finally {
      await context.close();
    }
  };

  await coldLoad(); // warm-up: the server's and the OS's caches, not the browser's
  const loads = [];
  for (let i = 0; i < opt.loads; i++) loads.push(await coldLoad(opt.profile === "true" && i === opt.loads - 1));
  if (opt.timeline === "true") {
    const last = loads[loads.length - 1];
    console.log(`timeline of the last load (ms from navigation; boot ${round(last.boot)} ms):`);
    for (const r of last.resources) console.log(`  ${String(Math.round(r.start)).padStart(6)} → ${String(Math.round(r.end)).padStart(6)}  ${r.name}`);
  }
  const median = (key) => percentile(loads.map((l) => l[key]).filter((v) => v !== null), 50);
  const boot = median("boot");
  const params = {
    channels: opt.channels,
    messages: opt.messages,
    loads: opt.loads,
    dialect: server.dialect,
    bootMs: loads.map((l) => round(l.boot)),
    medianFcpMs: round(median("fcp")),
    medianDomContentLoadedMs: round(median("domContentLoaded")),
    medianLoadMs: round(median("load")),
  };
  report([
    { figure: `client boot: navigation -> first channel's messages painted, median of ${opt.loads} (${opt.channels} channels)`, value: round(boot), unit: "ms", budget: "<= 1 s", met: boot <= 1000, params },
    { figure: "client boot: first contentful paint, median", value: params.medianFcpMs, unit: "ms", budget: null, met: null },
  ]);
} finally {
  await browser?.close();
  await server.stop();
  web.remove();
}
