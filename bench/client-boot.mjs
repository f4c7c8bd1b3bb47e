// Client boot: headless Chromium, a logged-in member of `channels` channels with `messages`
// messages in the first. Each load is cold (a new browser context: no cache, no storage but the
// stored login) and navigates straight to the first channel; the figure is the time from
// navigation start to the web client's `parley:messages-painted` mark (set once, in the frame
// after its message list first renders rows). Median of `loads` loads after one warm-up load.
// Builds the web client into a temp dir of its own and serves it from the benchmark's server.
//   node bench/client-boot.mjs [--channels 50] [--messages 50] [--loads 10] [--pg]
import { buildWeb, launchChromium, loggedInPage } from "./browser.mjs";
import { args, createChannel, createUser, login, percentile, report, round, seedAdmin, sendText, startServer } from "./lib.mjs";

const opt = args({ channels: 50, messages: 50, loads: 10 });
const MARK = "parley:messages-painted";

const web = buildWeb();
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
  const coldLoad = async () => {
    const session = await login(server.base, email);
    const { context, page, errors } = await loggedInPage(browser, session);
    try {
      await page.goto(`${server.base}/#/chat/channel/${gids[0]}`);
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 30_000 });
      // The rows painted are the first channel's (its newest message is on screen).
      await page.getByTestId("message-list").getByText(`boot message ${opt.messages - 1} lorem`).waitFor({ timeout: 10_000 });
      if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
      return await page.evaluate((mark) => {
        const measure = performance.measure("parley:boot", { start: 0, end: mark });
        const nav = performance.getEntriesByType("navigation")[0];
        const fcp = performance.getEntriesByName("first-contentful-paint")[0];
        return { boot: measure.duration, fcp: fcp?.startTime ?? null, domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
      }, MARK);
    } finally {
      await context.close();
    }
  };

  await coldLoad(); // warm-up: the server's and the OS's caches, not the browser's
  const loads = [];
  for (let i = 0; i < opt.loads; i++) loads.push(await coldLoad());
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
