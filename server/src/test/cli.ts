import { spawn } from "node:child_process";
import { pathToFileURL } from "node:url";
import { format } from "node:util";
import { vi } from "vitest";

/** What a command-line script did: its exit status and everything it printed. */
export interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript script (`npm run admin`, `backup`, `restore`) as the operator's shell would: a
 * child Node process with tsx, the test process's environment with `env` over it (a key set to
 * `undefined` is removed), its output collected until it exits. Each run compiles the script and
 * its imports anew (a second or more): suites about what a command does use `runScriptInProcess`
 * and keep a few of these for what only a real process shows (its exit status, what reaches stderr).
 */
export function runScript(script: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Outcome> {
  return runNode(["--import", "tsx", script, ...args], withEnv(process.env, env));
}

/** Runs `code` as an ES module in a child Node process (`node --input-type=module -e`), as `runScript` does. */
export const runModule = (code: string): Promise<Outcome> => runNode(["--input-type=module", "-e", code], process.env);

function withEnv(base: NodeJS.ProcessEnv, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...base, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  return merged;
}

function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

/** `process.exit` of a script run in process: ends the script's module evaluation with its status. */
class ScriptExit extends Error {
  // Not `code`: the scripts' catch blocks read a string `code` (parseArgs errors) off what they catch.
  constructor(readonly status: number) {
    super(`process.exit(${status})`);
  }
}

let inProcessRuns = 0;
let running: Promise<unknown> = Promise.resolve();

/**
 * Runs a command-line script as `runScript` does, but inside the test process: its module is
 * evaluated afresh (a new `?run=` query; what it imports is loaded once) with `args` as
 * `process.argv`, `env` over `process.env`, `console.log`/`console.error` collected as its stdout
 * and stderr, and `process.exit(n)` or `process.exitCode` as its status. An exception that escapes
 * the script is status 1 with its stack on stderr, as Node reports it. The process-wide state is
 * restored afterwards; runs are one at a time.
 */
export function runScriptInProcess(script: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Outcome> {
  const run = running.then(() => evaluate(script, args, env));
  running = run.catch(() => undefined);
  return run;
}

async function evaluate(script: string, args: string[], env: Record<string, string | undefined>): Promise<Outcome> {
  const saved = { argv: process.argv, env: process.env, exitCode: process.exitCode };
  let stdout = "";
  let stderr = "";
  const spies = [
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void (stdout += `${format(...a)}\n`)),
    vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void (stderr += `${format(...a)}\n`)),
    vi.spyOn(process, "exit").mockImplementation((code?: number | string | null) => {
      throw new ScriptExit(Number(code ?? process.exitCode ?? 0));
    }),
  ];
  process.argv = [process.execPath, script, ...args];
  process.env = withEnv(saved.env, env);
  process.exitCode = undefined;
  try {
    await import(`${pathToFileURL(script).href}?run=${++inProcessRuns}`);
    return { status: Number(process.exitCode ?? 0), stdout, stderr };
  } catch (err) {
    if (err instanceof ScriptExit) return { status: err.status, stdout, stderr };
    return { status: 1, stdout, stderr: stderr + `${(err as Error)?.stack ?? String(err)}\n` };
  } finally {
    for (const spy of spies) spy.mockRestore();
    process.argv = saved.argv;
    process.env = saved.env;
    process.exitCode = saved.exitCode;
  }
}
