// How a production Parley process is run: the Node flags and environment shared by `npm start`
// and the benchmarks, so that what is measured is what is shipped.

/**
 * - A 1 MB young generation (V8's default grows it to 16 MB): a chat server's per-request garbage
 *   is small and short-lived, and the smaller nursery keeps an idle server's heap near its live
 *   size.
 * - `--optimize-for-size`: V8 grows the old generation by smaller steps and gives memory back
 *   sooner. After 10,000 streams connect (each connect sequence is garbage by the time the
 *   stream is idle) the heap stays about 4 KB per stream smaller; the send path measured the
 *   same CPU per message with and without it (docs/PERFORMANCE.md).
 * PARLEY_NODE_ARGS replaces these flags (e.g. "" for V8's defaults, or "--cpu-prof").
 */
export function serverNodeArgs(env = process.env) {
  const custom = env.PARLEY_NODE_ARGS;
  if (custom !== undefined) return custom.split(" ").filter(Boolean);
  return ["--max-semi-space-size=1", "--optimize-for-size"];
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
