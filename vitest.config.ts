import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// One runner for every package; `--project` picks a part (see package.json scripts).

/** Server suites that mock a module with `vi.mock`: they run isolated (below). */
const MODULE_MOCKING = ["src/auth/tokens.test.ts"];
const WEB = { root: "web", include: ["src/**/*.test.{ts,tsx}"], environment: "happy-dom", testTimeout: 20_000 };
/** Web suites that fake timers (`vi.useFakeTimers`): run in forks (below). */
const WEB_FAKE_TIMERS = [
  "src/components/typing/TypingIndicator.test.tsx",
  "src/components/Composer/Composer.test.tsx",
  "src/components/MessageList/content/content.test.tsx",
  "src/components/MessageList/actions.test.ts",
  "src/hooks/useStaged.test.tsx",
  "src/app/streaming/stream.test.tsx",
  "src/app/services/readIndex.test.ts",
  "src/utils/toast.test.ts",
  "src/routes/Loading.test.tsx",
];
/** Probes that must have the machine to themselves (below). */
const PROBES_ALONE = ["src/reliability/cluster-failover.test.ts"];
const RELIABILITY_FULL = process.env.RELIABILITY_FULL === "1";
/** What the two probe projects share. */
const PROBES = {
  root: "server",
  include: ["src/reliability/**/*.test.ts"],
  setupFiles: ["src/reliability/setup.ts"],
  globalSetup: ["src/test/catalogs.ts"],
  testTimeout: 600_000,
  hookTimeout: 120_000,
};
/**
 * The slowest files of each project, slowest first (measured with `--reporter=json`; docs/
 * ARCHITECTURE.md "How the suites run"). Vitest orders a project's files by their last run's
 * durations, which a clean checkout (CI) does not have: it falls back to file size, and the
 * 50 s paging suite, a short file, started last and ran alone at the end. Starting the longest
 * first leaves the short ones to fill the workers at the end.
 */
const SLOWEST: Record<string, string[]> = {
  server: ["src/notify/email.test.ts", "src/cli/build.test.ts", "src/notify/webpush.test.ts", "src/routes/admin-user/admin-user.test.ts", "src/routes/events/ws.test.ts", "src/routes/token/register.test.ts", "src/notify/restart.test.ts", "src/routes/token/magic-link.test.ts"],
  web: ["src/routes/setting/pages/Notifications.test.tsx", "src/components/forward/forward.test.tsx", "src/routes/setting/pages/Overview.test.tsx"],
  e2e: ["tests/chat-history-paging.e2e.test.ts", "tests/calls.e2e.test.ts", "tests/a11y.e2e.test.ts", "tests/chat-content.e2e.test.ts", "tests/chat-conversations.e2e.test.ts", "tests/vocechat-client.e2e.test.ts"],
};

/** Vitest's order, with each project's `SLOWEST` files moved to the front of that project's run. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const listed = SLOWEST[spec.project.name] ?? [];
      const i = listed.indexOf(relative(spec.project.config.root, spec.moduleId));
      return i < 0 ? listed.length : i;
    };
    const position = new Map(order.map((spec, i) => [spec, i]));
    // Projects keep their places (the first file of each): only files within a project move.
    const projectStart = new Map<string, number>();
    for (const [i, spec] of order.entries()) if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, i);
    return [...order].sort((a, b) => projectStart.get(a.project.name)! - projectStart.get(b.project.name)! || rank(a) - rank(b) || position.get(a)! - position.get(b)!);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirst },
    // Three workers on the machines' two cores: argon2 and SQLite are CPU-bound, but a part of the
    // server suites' time is spent waiting (a digest's delay, a child process, a socket's idle
    // ping), which a third file fills: the server suites took 324 s instead of 355, the web
    // suites the same 170 s. The probes and the browser suites set their own (below); projects
    // with different pools run as separate groups (`sequence.groupOrder`), in `npm test`'s order.
    maxWorkers: 3,
    projects: [
      {
        // Server suites share their workers' module graph (isolate: false): each file starts its own
        // servers (test/suite.ts) and keeps no state in modules, and re-importing Fastify, Kysely,
        // zod and every route for each of ~100 files cost 180-260 s of a CI run (now ~8 s).
        test: {
          name: "server",
          root: "server",
          include: ["src/**/*.test.ts"],
          exclude: ["src/reliability/**", ...MODULE_MOCKING],
          isolate: false,
          // PostgreSQL's catalogs vacuumed before the run (server/src/test/catalogs.ts).
          globalSetup: ["src/test/catalogs.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The few server suites that replace a module (vi.mock) need a module graph of their own.
        test: {
          name: "server-isolated",
          root: "server",
          include: MODULE_MOCKING,
          globalSetup: ["src/test/catalogs.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        // The probes of docs/RELIABILITY.md: a quick subset in `npm test`, the full run with
        // RELIABILITY_FULL=1 (`npm run test:reliability`). In the quick run these check outcomes
        // only (no rates), so two files share the cores (123 s -> 93 s); at full size the crash and
        // load probes measure what one server does, one file at a time.
        test: {
          ...PROBES,
          name: "reliability",
          exclude: PROBES_ALONE,
          maxWorkers: RELIABILITY_FULL ? 1 : 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The probes that hold a message rate (the cluster's 200 msgs/s through a kill -9): alone,
        // after the others; beside another probe the cluster acknowledged 727 of its 900.
        test: { ...PROBES, name: "reliability-alone", include: PROBES_ALONE, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
      {
        // The deploy kit's own checks (deploy/lint.mjs, run by deploy/check.sh).
        test: { name: "deploy", root: "deploy", include: ["*.test.mjs"] },
      },
      {
        // A screen test's first render imports its lazy page and i18n namespaces: seconds on a
        // loaded machine, past vitest's default 5 s (its lookups already wait 8 s, test/render.tsx).
        // Each file in a VM context of its own (vmThreads) rather than a process's fresh module
        // graph: as isolated, and happy-dom's window is not built anew per file in a new process
        // (the web suites 170 s -> 119 s, half the CPU). Suites with fake timers stay on forks
        // (below): in a VM context useStaged's frame test saw no frame pass.
        test: { ...WEB, name: "web", exclude: WEB_FAKE_TIMERS, pool: "vmThreads" },
      },
      {
        test: { ...WEB, name: "web-timers", include: WEB_FAKE_TIMERS },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["tests/**/*.e2e.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser and a server on two shared cores: what a poll waits for (a page's fetch and
          // render) can take seconds on a loaded machine, where vitest's default gives up after 1 s.
          expect: { poll: { timeout: 15_000 } },
          // Three files at a time (each has its own server, port, data directory and browser): with
          // two the cores were busy 71-78 % of the run (a call's media, a poll's wait), with three
          // 93 %, and the browser suites took 211 s instead of 236 (measured back to back).
          fileParallelism: true,
          maxWorkers: 3,
          sequence: { groupOrder: 3 },
          // Files share their worker's modules (no test file keeps state outside its own module):
          // playwright-core and the helpers load once per worker, not once per file (1.4 s of CPU
          // each: 8 files took 12.9 s of the runner's CPU instead of 23.9).
          isolate: false,
        },
      },
    ],
  },
});
