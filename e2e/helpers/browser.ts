/** Headless Chromium (Debian's) through playwright-core. */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./server";

/** The two themes every screen is checked and shot in. */
export type ColorScheme = "light" | "dark";

export const SCREENSHOTS = path.join(ROOT, "e2e/screenshots");

/**
 * Which Chromium runs a suite. `shell`: Debian's headless shell (package
 * `chromium-headless-shell`, the one Playwright itself uses for headless runs): the same engine
 * without the desktop browser around it; the browser suites took 575 s instead of 721 on it, with
 * a third less CPU in its renderer and browser processes (docs/ARCHITECTURE.md "How the suites
 * run"). `full`: the whole browser, for what the shell lacks: notification permission and with it
 * Web Push. Where the shell is not installed, both are the whole browser.
 */
export type BrowserKind = "shell" | "full";

const FULL = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHELL = process.env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Debian's Chromium, headless; `extraArgs` for what one suite needs more (fake media devices, say). */
export function launchBrowser(extraArgs: string[] = [], kind: BrowserKind = "shell"): Promise<Browser> {
  return chromium.launch({
    executablePath: kind === "shell" && existsSync(SHELL) ? SHELL : FULL,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", ...extraArgs],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors seen so far. */
  errors: string[];
}

/**
 * Ends a test's pages: closes their contexts, then expects that none of them saw an uncaught
 * error (closing first, so a failure leaves no browser context behind).
 */
export async function closeCleanly(...pages: TestPage[]): Promise<void> {
  const errors = pages.flatMap((p) => p.errors);
  await Promise.all(pages.map((p) => p.context.close()));
  expect(errors).toEqual([]);
}

export interface PageOptions {
  /**
   * Whether the app's service worker may run. Blocked unless a test is about the worker: in every
   * new context it installs and precaches the whole client (264 files, 3 MB), which made each
   * sign-in cost about a third more CPU and slowed the pages beside it (docs/ARCHITECTURE.md
   * "How the suites run").
   */
  serviceWorkers?: "allow" | "block";
}

export async function openPage(browser: Browser, colorScheme: "light" | "dark" = "light", { serviceWorkers = "block" }: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme, locale: "en-US", serviceWorkers });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * Switches the app's "auto" theme to `scheme` and waits until it has: the `dark` class follows the
 * emulated preference, and transitions are turned off so colours are read settled, not mid-fade.
 */
export async function switchColorScheme(page: Page, scheme: ColorScheme) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await page.evaluate(() => {
    if (document.getElementById("a11y-no-transitions")) return;
    const style = document.createElement("style");
    style.id = "a11y-no-transitions";
    style.textContent = "*, *::before, *::after { transition: none !important; animation: none !important; }";
    document.head.append(style);
  });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, scheme === "dark");
}

/**
 * Save a screenshot in light and dark (the theme is "auto", so it follows the color scheme).
 * `keepHover`: leave the pointer where it is, for a screenshot of what hovering shows.
 */
export async function screenshotBothThemes(page: Page, name: string, { keepHover = false } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // No hover states or tooltips from the last click.
  if (!keepHover) await page.mouse.move(1, 1);
  for (const scheme of ["light", "dark"] as const) {
    await switchColorScheme(page, scheme);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${scheme}.png`) });
  }
  await switchColorScheme(page, "light");
}
