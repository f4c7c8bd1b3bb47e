// What the client figures (client-boot.mjs, long-tasks.mjs) share: a web build of their own,
// headless Chromium through playwright-core, a logged-in page.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./lib.mjs";

/**
 * Builds the web client into a fresh temp dir (web/dist is shared with other work, never
 * touched here); `sourcemap` adds .map files for mapping a CPU profile. {dir, remove()}.
 */
export function buildWeb({ sourcemap = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-web-"));
  const started = performance.now();
  const result = spawnSync("npx", ["vite", "build", "--outDir", dir, "--emptyOutDir", "--logLevel", "warn", ...(sourcemap ? ["--sourcemap"] : [])], {
    cwd: path.join(ROOT, "web"),
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  // Vite's warnings (chunk sizes, source maps) only matter when the build fails.
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`web client built into ${dir} in ${Math.round((performance.now() - started) / 100) / 10} s`);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Debian's Chromium, headless, as the e2e tests run it (CHROMIUM_PATH overrides the path). */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/**
 * A new browser context (cold: no cache, no storage) whose page starts logged in as `session`
 * (a login response: {token, refresh_token, expired_in, user}): the web client's stored auth is
 * written before any script of the app runs. `initScripts` run before the app too.
 */
export async function loggedInPage(browser, session, initScripts = []) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  await context.addInitScript((s) => {
    if (localStorage.getItem("VOCECHAT_TOKEN")) return;
    localStorage.setItem("VOCECHAT_TOKEN", s.token);
    localStorage.setItem("VOCECHAT_REFRESH_TOKEN", s.refresh_token);
    localStorage.setItem("VOCECHAT_TOKEN_EXPIRE", String(Date.now() + s.expired_in * 1000));
    localStorage.setItem("VOCECHAT_CURR_UID", String(s.user.uid));
    localStorage.setItem("VOCECHAT_LOGIN_USER", JSON.stringify(s.user));
  }, session);
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}
