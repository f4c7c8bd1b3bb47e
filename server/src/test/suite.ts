import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Session } from "./harness.js";
import type { Config } from "../config.js";
import { connect } from "./events.js";
import { startTestServer, type DialectName, type TestServer } from "./harness.js";
import type { SseClient } from "./sse.js";

export interface SuiteOptions<T> {
  /** A fresh server for every test (the default), or one for the whole `describe`. */
  per?: "test" | "file";
  /** Listen on a real port (event streams, real HTTP clients); `inject` works without. */
  listen?: boolean;
  /** Config overrides (`startTestServer`). */
  config?: Partial<Config>;
  /** What to create after start-up (usually a cast from `factories.ts`); `suite.seed` holds it. */
  seed?: (s: TestServer) => Promise<T>;
}

export interface Suite<T> {
  /** The running server. */
  readonly s: TestServer;
  /** What `seed` made. */
  readonly seed: T;
  /** Opens event streams (past `ready`); the suite closes them after each test. */
  connect(...who: Session[]): Promise<SseClient[]>;
  /** Streams opened some other way, closed after each test like those of `connect`. */
  track(...clients: SseClient[]): void;
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

  const start = async () => {
    server = await startTestServer(dialect, options.config);
    if (needsListen) await server.listen();
    seeded = options.seed ? await options.seed(server) : undefined;
  };
  const stop = async () => {
    const s = server;
    server = null;
    await s?.close();
  };
  const closeStreams = () => {
    for (const c of open.splice(0)) c.close();
  };

  if (options.per === "file") {
    beforeAll(start);
    afterEach(closeStreams);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(async () => {
      closeStreams();
      await stop();
    });
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
      if (!needsListen) throw new Error("useSuite: pass listen: true to open event streams");
      const s = this.s;
      return Promise.all(who.map((w) => connect(s, w, open)));
    },
    track(...clients) {
      open.push(...clients);
    },
  };
}
