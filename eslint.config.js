import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";

// esbuild keeps all of zod, its 40 locales included, behind `import { z }` (400 KB of the
// server bundle, held in memory as source); `import * as z` lets it drop what is unused.
const ZOD_NAMESPACE = {
  selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier, ImportDefaultSpecifier)",
  message: 'Use `import * as z from "zod"` (see eslint.config.js).',
};

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "server/build/**", "data/**", "**/.test-data/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": ["error", ZOD_NAMESPACE],
    },
  },
  {
    // Server suites share their workers' modules (vitest.config.ts `isolate: false`), where a
    // `vi.mock` would leak into, or miss, the files that run after it in the same worker.
    files: ["server/src/**/*.test.ts"],
    ignores: ["server/src/auth/tokens.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ZOD_NAMESPACE,
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: "Server suites are not isolated: a suite that mocks a module goes in MODULE_MOCKING (vitest.config.ts) and in this rule's ignores.",
        },
      ],
    },
  },
  {
    // The server's layers (docs/ARCHITECTURE.md "Layers"): routes → commands → policies,
    // presenters, repos → db. An import that points up a layer, or any import cycle, fails lint.
    files: ["server/src/**/*.ts", "protocol/src/**/*.ts"],
    ignores: ["**/*.test.ts", "server/src/test/**", "server/src/reliability/**"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: ["server/tsconfig.json", "protocol/tsconfig.json"], noWarnOnMultipleProjects: true })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./protocol/src", from: ["./server", "./web", "./e2e"], message: "protocol/ holds the wire types and imports nothing of the app." },
            {
              target: ["commands", "policies", "presenters", "repos", "db", "events", "auth", "http", "files", "storage", "preview", "mail", "jobs", "cluster", "metrics", "webhooks", "cli"]
                .map((dir) => `./server/src/${dir}`)
                .concat(["./server/src/context.ts", "./server/src/config.ts", "./server/src/main.ts"]),
              from: "./server/src/routes",
              message: "Nothing imports a route module but the app that registers them (app.ts).",
            },
            {
              target: ["policies", "presenters", "repos", "db", "events", "auth", "http", "files", "storage", "preview", "mail", "jobs", "cluster", "metrics", "webhooks"]
                .map((dir) => `./server/src/${dir}`)
                .concat(["./server/src/context.ts", "./server/src/config.ts"]),
              from: "./server/src/commands",
              message: "Commands are called by routes (and the CLI); lower layers do not import them.",
            },
            {
              target: ["./server/src/repos", "./server/src/db", "./server/src/policies", "./server/src/presenters"],
              from: [
                "./server/src/http",
                "./server/src/events",
                "./server/src/storage",
                "./server/src/mail",
                "./server/src/preview",
                "./server/src/jobs",
                "./server/src/cluster",
                "./server/src/metrics",
              ],
              message: "Policies, presenters, repos and the database do not reach into the HTTP layer or the services.",
            },
            {
              target: ["./server/src/repos", "./server/src/db"],
              from: ["./server/src/policies", "./server/src/presenters"],
              message: "Repos and the database sit below policies and presenters.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // The client has no import cycles either (lazy screens' dynamic imports aside).
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.*", "web/src/test/**"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: ["web/tsconfig.json"] })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
);
