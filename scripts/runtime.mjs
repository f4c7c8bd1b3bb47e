// How a production Parley process is run: the Node flags and environment shared by `npm start`
// and the benchmarks, so that what is measured is what is shipped.

/**
 * - A 1 MB young generation (V8's default grows it to 16 MB): a chat server's per-request garbage
 *   is small and short-lived, and the smaller nursery keeps an idle server's heap near its live
 *   size.
 * - `--expose-gc`: the server collects once after a burst of work has grown its heap and the
 *   event loop has gone quiet (server/src/runtime/idleCollector.ts): V8 alone kept a burst's
 *   garbage for as long as the server stayed idle.
 * - V8's memory reducer (the GCs that give an idle heap back) starts 2 s after the server goes
 *   quiet instead of 8 s.
 * - Not `--optimize-for-size`: it kept the RSS of 10,000 idle streams about 0.5 KB (SSE) to 5 KB
 *   (WebSocket) per stream lower, but grows the old generation in such small steps that a
 *   server taking on thousands of streams at once runs a full GC every few hundred: it cost
 *   45 % of a reconnect storm's CPU and 17 % of a send's (docs/PERFORMANCE.md "Runtime flags").
 * PARLEY_NODE_ARGS replaces these flags (e.g. "" for V8's defaults, or "--cpu-prof").
 */
export function serverNodeArgs(env = process.env) {
  const custom = env.PARLEY_NODE_ARGS;
  if (custom !== undefined) return custom.split(" ").filter(Boolean);
  return ["--max-semi-space-size=1", "--gc-memory-reducer-start-delay-ms=2000", "--expose-gc"];
}

/**
 * glibc malloc, tuned for one long-lived process:
 * - One arena instead of one per thread (8 × cores): the JavaScript runs on one thread, and the
 *   extra arenas of the GC and libuv helper threads each keep megabytes resident.
 * - A fixed mmap threshold of 32 KB. glibc starts at 128 KB and raises it to the size of each
 *   large block freed, so the big short-lived blocks of start-up (V8's compiler zones, file
 *   reads) come from the heap, and whether a long-lived block lands above them decides if the
 *   heap can shrink again: an idle server measured 68 or 74 MB from one start to the next.
 *   Blocks of 32 KB and more are mapped and unmapped instead (measured: 68 MB every time). Hot
 *   paths rarely allocate that much: HTTP reads go into the parser's one shared buffer.
 */
export function serverProcessEnv(env) {
  return { MALLOC_ARENA_MAX: "1", MALLOC_MMAP_THRESHOLD_: "32768", ...env };
}
