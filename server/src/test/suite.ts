import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Session } from "./harness.js";
import type { Config } from "../config.js";
import { connect, Streams } from "./events.js";
import { reusedStorage, startTestServer, type DialectName, type TestServer } from "./harness.js";
import type { SseClient } from "./sse.js";

export interface SuiteOptions<T> {
  /** A fresh server for every test (the default), or one for the whole `describe`. */
  per?: "test" | "file";
  /**
   * With `per: "test"`: each test's server on the storage of the test before, emptied to exactly
   * what a newly created and migrated database holds (`"reset"`, the default: `reusedStorage`),
   * or on a database created and migrated for it (`"new"`). On PostgreSQL a reset costs about
   * 105 ms against 380 for a new schema (the unit suites' run went 333 → 292 s when it became the
   * default); a reset that cannot take its locks within 5 s falls back to a new schema. Not
   * applied where `config` names the storage (`dataDir`, `databaseSchema`) or Redis (keys named
   * after it).
   */
  storage?: "new" | "reset";
  /** Listen on a real port from the start (real HTTP clients); `inject` works without, `connect` listens on demand. */
  listen?: boolean;
  /** Config overrides (`startTestServer`). */
  config?: Partial<Config>;
  /** What to create after start-up (usually a cast from `factories.ts`); `suite.seed` holds it. */
  seed?: (s: TestServer) => Promise<T>;
  /**
   * With `per: "file"`: `seed` runs before every test, on the one server, instead of once after
   * start-up. For suites whose tests change what they are given (sign a device out, leave a
   * channel) but need no pristine server: each test gets a cast of its own, which `seed` must
   * name apart from the earlier ones (`tag` of `buildCast`).
   */
  seedEach?: boolean;
}

export interface Suite<T> {
  /** The running server. */
  readonly s: TestServer;
  /** What `seed` made. */
  readonly seed: T;
  /**
   * Opens event streams (past `ready`), one after another in the order given; the suite closes
   * them after each test. Listens first if the server does not yet.
   */
  connect(...who: Session[]): Promise<SseClient[]>;
  /** `Streams.open` for named sessions (listening first if need be), closed like those of `connect`. */
  streams<K extends string>(who: Record<K, Session>): Promise<Streams<K>>;
  /** Opens one stream with extra query parameters (`users_version`, `after_mid`, …), like `connect`. */
  connectWith(who: Session, query: Record<string, string | number>): Promise<SseClient>;
  /** Streams opened some other way, closed after each test like those of `connect`. */
  track(...clients: SseClient[]): void;
  /**
   * For a test that needs other settings than its neighbours (a rate limit, a lifetime): closes
   * this test's server and starts a fresh one (new storage) with `config` over the suite's
   * (shallowly), seeded again; answers it, and `s`/`seed` follow. Only with `per: "test"`.
   */
  restart(config?: Partial<Config>): Promise<TestServer>;
}

/**
 * One server suite's life cycle: registers the hooks that start a server on `dialect` (and seed
 * it) before each test or once per `describe`, and close its streams and the server after. Call
 * it at the top of a `describe` and read `suite.s`, `suite.seed` inside the tests.
 */
export function useSuite<T = undefined>(dialect: DialectName, options: SuiteOptions<T> = {}): Suite<T> {
  let server: TestServer | null = null;
  let seeded: T | undefined;
  const open: SseClient[] = [];
  const needsListen = options.listen ?? false;
  const reusable = (config: Partial<Config> = {}) => config.dataDir === undefined && config.databaseSchema === undefined && !config.redisUrl;
  const storage = options.per !== "file" && options.storage !== "new" ? reusedStorage(dialect) : null;
  let storageInUse = false;

  const seedEach = options.per === "file" && options.seedEach === true;
  const sow = async (s: TestServer) => {
    seeded = options.seed ? await options.seed(s) : undefined;
  };

  const start = async (config = options.config) => {
    const reuse = storage !== null && reusable(config);
    const where = reuse ? await storage.next() : {};
    storageInUse = reuse;
    server = await startTestServer(dialect, { ...config, ...where });
    if (needsListen) await server.listen();
    if (!seedEach) await sow(server);
  };
  const stop = async () => {
    const s = server;
    server = null;
    await s?.close();
    if (storageInUse) await storage?.release();
    storageInUse = false;
  };
  const closeStreams = () => {
    for (const c of open.splice(0)) c.close();
  };

  if (options.per === "file") {
    beforeAll(() => start());
    if (seedEach) {
      beforeEach(async () => {
        if (server) await sow(server);
      });
    }
    afterEach(closeStreams);
    afterAll(stop);
  } else {
    beforeEach(() => start());
    afterEach(async () => {
      closeStreams();
      await stop();
    });
    afterAll(() => storage?.dispose());
  }

  return {
    get s() {
      if (!server) throw new Error("the suite's server runs only inside its tests");
      return server;
    },
    get seed() {
      return seeded as T;
    },
    async connect(...who) {
      const clients: SseClient[] = [];
      for (const w of who) clients.push(await this.connectWith(w, {}));
      return clients;
    },
    async connectWith(who, query) {
      const s = this.s;
      if (!s.url) await s.listen();
      return connect(s, who, open, query);
    },
    async streams(who) {
      const s = this.s;
      if (!s.url) await s.listen();
      const streams = await Streams.open(s, who);
      open.push(...Object.values<SseClient>(streams.clients));
      return streams;
    },
    track(...clients) {
      open.push(...clients);
    },
    async restart(config = {}) {
      if (options.per === "file") throw new Error('useSuite: restart needs per: "test"');
      closeStreams();
      await stop();
      await start({ ...options.config, ...config });
      return this.s;
    },
  };
}
