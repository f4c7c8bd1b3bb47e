import { defineConfig } from "vitest/config";

// One runner for every package; `--project` picks a part (see package.json scripts).
export default defineConfig({
  test: {
    // argon2 and SQLite are CPU-bound and the machines have two cores: keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          root: "server",
          include: ["src/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      { test: { name: "web", root: "web", include: ["src/**/*.test.{ts,tsx}"], environment: "happy-dom" } },
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["tests/**/*.e2e.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
