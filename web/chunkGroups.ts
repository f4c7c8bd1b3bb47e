/**
 * Chunk groups of the web client's build (rolldown's `codeSplitting.groups`).
 *
 * Left to itself, the bundler gives every set of lazy chunks that shares modules a chunk of its
 * own: the chat route loaded about 45 chunks of a few hundred bytes each (a hook, an icon set,
 * `Timestamp`, a slice…), each with its own import and export lists and each compressed on its
 * own, away from the class names it shares with the others (docs/PERFORMANCE.md, "Bundles after
 * the admin console"). Three groups merge what the chat route loads:
 * - "app": what it needs that the logged-in frame or its other pages (the settings, users,
 *   favourites, files) need as well;
 * - "chat": what else the chat frame (the conversation list) needs;
 * - "conversation": the rest, which only the conversations (a channel, a DM) and the chunks
 *   loaded within the chat need.
 * What the entry loads, what a page before login needs too, and what the session's first
 * preloads (`app/services`, `app/services/api`: their own chunks, each evaluated in a task of
 * its own) need stay where the bundler puts them.
 */
import { fileURLToPath } from "node:url";

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

/** The chat routes: lazy routes of their own (routes/index.tsx). */
const CHAT = ["routes/chat/ChatLayout.tsx", "routes/chat/ChannelChat.tsx", "routes/chat/DMChat.tsx", "routes/chat/ChatIndex.tsx"].map(src);
/** The logged-in frame and its other pages. A page missing here only merges less: its modules stay apart. */
const PAGES = [
  "routes/home/index.tsx",
  "routes/home/Welcome.tsx",
  "routes/setting/index.tsx",
  "routes/setting/ChannelSetting.tsx",
  "routes/setting/DMSetting.tsx",
  "routes/users/index.tsx",
  "routes/favs/index.tsx",
  "routes/files/index.tsx",
  "routes/files/LegacyFiles.tsx",
].map(src);
const CHAT_LAYOUT = src("routes/chat/ChatLayout.tsx");
/** What the chat route loads: the logged-in frame, the chat frame and a channel (as bench/bundle.mjs counts it). */
const CHAT_ROUTE = [src("routes/home/index.tsx"), CHAT_LAYOUT, src("routes/chat/ChannelChat.tsx")];

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}
type Group = "app" | "chat" | "conversation";

/** The modules reachable from `roots`: by static imports, and by `import()` too when `lazy`. */
function reach(ctx: ChunkingContext, roots: readonly string[], lazy: boolean) {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds);
    if (lazy) stack.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** The build's entries, found from any one module by following its importers up. */
function findEntries(ctx: ChunkingContext, anyId: string) {
  const seen = new Set<string>();
  const stack = [anyId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (info) stack.push(...info.importers, ...info.dynamicImporters);
  }
  return [...seen].filter((id) => ctx.getModuleInfo(id)?.isEntry);
}

/** Module → its group, from the whole module graph. */
function assign(ctx: ChunkingContext, anyId: string) {
  const entries = findEntries(ctx, anyId);
  const all = reach(ctx, entries, true);
  const initial = reach(ctx, entries, false);
  const lazyEntries = new Set([...all].filter((id) => (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0));
  // The lazy chunks only ever loaded after login: the routes and what they load on demand.
  const loggedIn = reach(ctx, [...CHAT, ...PAGES], true);
  const pageFamily = reach(ctx, PAGES, true);
  const routes = new Set([...CHAT, ...PAGES]);
  const fromEntry = (id: string) => ctx.getModuleInfo(id)!.dynamicImporters.some((by) => initial.has(by));
  // Any other lazy chunk (a page before login, the session's first preloads) keeps what it needs apart.
  const others = [...lazyEntries].filter((id) => !loggedIn.has(id) || (!routes.has(id) && fromEntry(id)));
  const kept = reach(ctx, [...entries, ...others], false);
  const frame = reach(ctx, [CHAT_LAYOUT], false);
  const groups = new Map<string, Group>();
  for (const id of reach(ctx, CHAT_ROUTE, false)) {
    // Each route and lazy chunk keeps its own file (the routes' names are what bench/bundle.mjs looks for).
    if (kept.has(id) || lazyEntries.has(id)) continue;
    groups.set(id, pageFamily.has(id) ? "app" : frame.has(id) ? "chat" : "conversation");
  }
  return groups;
}

let assigned: Map<string, Group> | undefined;

/** A group's `name`: the group of a module, or null to leave it to the bundler. */
export function chunkGroup(id: string, ctx: ChunkingContext): Group | null {
  assigned ??= assign(ctx, id);
  return assigned.get(id) ?? null;
}

/** At each build's start: a new module graph. */
export function resetChunkGroups() {
  assigned = undefined;
}
