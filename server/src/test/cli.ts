import { spawn } from "node:child_process";

/** What a command-line script did: its exit status and everything it printed. */
export interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript script (`npm run admin`, `backup`, `restore`) as the operator's shell would: a
 * child Node process with tsx, the test process's environment with `env` over it (a key set to
 * `undefined` is removed), its output collected until it exits.
 */
export function runScript(script: string, args: string[], env: Record<string, string | undefined> = {}): Promise<Outcome> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  return runNode(["--import", "tsx", script, ...args], merged);
}

/** Runs `code` as an ES module in a child Node process (`node --input-type=module -e`), as `runScript` does. */
export const runModule = (code: string): Promise<Outcome> => runNode(["--input-type=module", "-e", code], process.env);

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
