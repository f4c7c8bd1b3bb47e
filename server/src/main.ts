import { buildApp, createContext, listen } from "./app.js";
import { ConfigError, configFromEnv } from "./config.js";
import { startIdleCollector } from "./runtime/idleCollector.js";
import { StorageUnavailable } from "./storage/store.js";

/** Starts one Parley process: API, event stream and web client on `PORT`. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  await listen(app, { port: config.port, host: config.host });
  // With `--expose-gc` (scripts/runtime.mjs): the garbage of a burst is collected once it is over.
  startIdleCollector();
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((err: unknown) => {
  // A bad setting is the operator's to fix: one line naming it, no stack trace.
  if (err instanceof ConfigError || err instanceof StorageUnavailable) console.error(`parley: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
