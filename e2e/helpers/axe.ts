/**
 * Accessibility scans with axe-core, injected from node_modules (never a CDN). A scan fails on
 * "serious" and "critical" violations only, with a list that says what to fix: the rule, its
 * help text, and the first few elements with their HTML.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { switchColorScheme } from "./browser";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const FAILING_IMPACTS = new Set(["serious", "critical"]);
/** Elements shown per rule in a failure: enough to find the cause, not a wall of HTML. */
const NODES_SHOWN = 4;

/**
 * A narrow, explained exception: `rule` is not reported on elements matching `selector`.
 * Each one is a known violation in a file this scan cannot fix yet; `why` says which and where.
 */
export interface A11yAllowance {
  rule: string;
  selector: string;
  why: string;
}


/**
 * Injects axe-core once per document (the app routes by hash, so a page keeps it until a reload).
 * Evaluated through the DevTools protocol rather than added as a script tag: the server's CSP
 * (`script-src 'self'`) refuses inline scripts, as it should.
 */
async function ensureAxe(page: Page) {
  if (await page.evaluate(() => "axe" in window)) return;
  await page.evaluate(AXE_SOURCE);
}

/** The serious and critical violations on the page as it is, minus the allowed elements. */
export async function seriousA11yViolations(page: Page, allow: A11yAllowance[] = []): Promise<Result[]> {
  await ensureAxe(page);
  const results = await page.evaluate(async (allowed) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    // Matched in the page, where the selectors mean something.
    for (const v of result.violations) {
      const skip = allowed.filter((a) => a.rule === v.id).map((a) => a.selector);
      if (!skip.length) continue;
      v.nodes = v.nodes.filter((n) => {
        const target = n.target[n.target.length - 1];
        const el = typeof target === "string" ? document.querySelector(target) : null;
        return !el || !skip.some((s) => el.matches(s));
      });
    }
    return result.violations;
  }, allow);
  return results.filter((v) => FAILING_IMPACTS.has(v.impact ?? "") && v.nodes.length > 0);
}

/** A readable list of violations: one block per rule, its first few elements indented below. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, NODES_SHOWN).map((n) => {
        const why = n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, "\n      ")}` : "";
        return `    - ${n.target.join(" ")}\n      ${n.html.slice(0, 300)}${why}`;
      });
      const more = v.nodes.length > NODES_SHOWN ? [`    … and ${v.nodes.length - NODES_SHOWN} more`] : [];
      return [`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`, ...nodes, ...more].join("\n");
    })
    .join("\n");
}

/** Fails with the list of serious and critical violations on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, label: string, allow: A11yAllowance[] = []) {
  const violations = await seriousA11yViolations(page, allow);
  expect(violations.length, `${label}: serious or critical accessibility violations\n${describeViolations(violations)}`).toBe(0);
}


/**
 * Scans the page in light and then dark, and fails once with every violation of both (each
 * labelled by scheme); softly, so one run shows all there is to fix on every screen.
 */
export async function expectNoSeriousA11yViolationsInBothSchemes(page: Page, label: string, allow: A11yAllowance[] = []) {
  const report: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await switchColorScheme(page, scheme);
    const violations = await seriousA11yViolations(page, allow);
    if (violations.length) report.push(`${label} (${scheme}):\n${describeViolations(violations)}`);
  }
  await switchColorScheme(page, "light");
  expect.soft(report, `serious or critical accessibility violations\n${report.join("\n")}`).toEqual([]);
}
