// How a production Parley process is run: the Node flags and environment shared by `npm start`
// and the benchmarks, so that what is measured is what is shipped.

/**
 * A 1 MB young generation (V8's default grows it to 16 MB): a chat server's per-request garbage
 * is small and short-lived, and the smaller nursery keeps an idle server's heap near its live size.
 * PARLEY_NODE_ARGS replaces these flags (e.g. "" for V8's defaults, or "--cpu-prof").
 */
export function serverNodeArgs(env = process.env) {
  const custom = env.PARLEY_NODE_ARGS;
  if (custom !== undefined) return custom.split(" ").filter(Boolean);
  return ["--max-semi-space-size=1"];
}

/**
 * One glibc malloc arena instead of one per thread (8 × cores): the JavaScript runs on one
 * thread, and the extra arenas of the GC and libuv helper threads each keep megabytes resident.
 */
export function serverProcessEnv(env) {
  return { MALLOC_ARENA_MAX: "1", ...env };
}
