/**
 * One browser test file's world: a fresh server, Debian's Chromium, and the people and channels
 * it starts with. `useSuite` registers the hooks that make and end it; the handle it returns is
 * read inside tests and later hooks, once the world is there.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { Api } from "./api";
import { launchBrowser, openPage, type BrowserKind, type PageOptions, type TestPage } from "./browser";
import { openChannelFromSidebar, restoreSession, signIn } from "./chat";
import { startServer, type ServerOptions, type TestServer } from "./server";

export interface Person {
  name: string;
  email: string;
  password: string;
  isAdmin?: boolean;
}

/** The admin most files start with. */
export const ADA: Person = { name: "Ada Admin", email: "ada@example.com", password: "correct horse 1" };
export const BOB: Person = { name: "Bob Builder", email: "bob@example.com", password: "battery staple 2" };
export const CAROL: Person = { name: "Carol Cook", email: "carol@example.com", password: "battery staple 3" };

export interface ChannelSeed {
  name: string;
  description: string;
  /** Public unless told. */
  isPublic?: boolean;
  /** Besides the admin, who creates it. */
  members?: Person[];
}

export interface SuiteOptions extends ServerOptions {
  /** Created first through the API (uid 1); `null` leaves the server uninitialized, for onboarding. */
  admin?: Person | null;
  /** Created by the admin after it, in this order (uids 2, 3, …). */
  members?: Person[];
  /** Created by the admin after the members, in this order (gids 1, 2, …). */
  channels?: ChannelSeed[];
  /** Which Chromium (`BrowserKind`, the headless shell unless told), or `false`: no browser, for a test of the server alone. */
  browser?: BrowserKind | false;
}

export interface SignedInOptions {
  /** A channel to open from the sidebar once signed in. */
  channel?: number;
  /** Its name in the sidebar. */
  channelName?: string;
}

export interface Suite {
  readonly server: TestServer;
  /** The server's base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly browser: Browser;
  /** An API client signed in as the admin. */
  readonly admin: Api;
  uid(who: Person): number;
  /** A seeded channel's gid, by its name. */
  gid(channel: string): number;
  /** A new API client, freshly signed in as `who`. */
  api(who: Person): Promise<Api>;
  /** A page in a new browser context (its own storage, so its own session). */
  page(colorScheme?: "light" | "dark", options?: PageOptions): Promise<TestPage>;
  /** Signs in through the login form and waits for the home screen. */
  signIn(page: Page, who: Person): Promise<void>;
  /**
   * A new page signed in as `who` (a session restored, not the login form: `restoreSession`),
   * optionally with a channel open.
   */
  signedInPage(who: Person, options?: SignedInOptions): Promise<TestPage>;
}

export function useSuite(options: SuiteOptions = {}): Suite {
  const { admin: adminPerson = ADA, members = [], channels = [], browser: browserKind = "shell", ...serverOptions } = options;
  // Members and channels are created by the admin: without one there is no one to create them.
  if (!adminPerson && (members.length || channels.length)) throw new Error("useSuite: members and channels need an admin");
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let admin: Api | undefined;
  const uids = new Map<string, number>();
  const gids = new Map<string, number>();

  beforeAll(async () => {
    server = await startServer(serverOptions);
    if (browserKind) browser = await launchBrowser([], browserKind);
    if (!adminPerson) return;
    admin = new Api(server.url);
    uids.set(adminPerson.email, (await admin.createAdmin(adminPerson.email, adminPerson.name, adminPerson.password)).uid);
    await admin.login(adminPerson.email, adminPerson.password);
    for (const m of members) uids.set(m.email, (await admin.createUser(m.email, m.name, m.password, m.isAdmin)).uid);
    for (const c of channels) {
      const { gid } = await admin.createChannel(c.name, c.description, c.isPublic, (c.members ?? []).map((m) => suite.uid(m)));
      gids.set(c.name, gid);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not there: the suite is read in tests and hooks after useSuite, and has ${what} only if asked`);
    return value;
  };
  const found = (map: Map<string, number>, key: string) => ready(map.get(key), key);

  const suite: Suite = {
    get server() {
      return ready(server, "the server");
    },
    get url() {
      return ready(server, "the server").url;
    },
    get browser() {
      return ready(browser, "the browser");
    },
    get admin() {
      return ready(admin, "the admin");
    },
    uid: (who) => found(uids, who.email),
    gid: (channel) => found(gids, channel),
    async api(who) {
      const api = new Api(suite.url);
      await api.login(who.email, who.password);
      return api;
    },
    page: (colorScheme, pageOptions) => openPage(suite.browser, colorScheme, pageOptions),
    signIn: (page, who) => signIn(page, suite.url, who),
    async signedInPage(who, { channel, channelName } = {}) {
      const tp = await suite.page();
      await restoreSession(tp.page, suite.url, who);
      if (channel !== undefined) await openChannelFromSidebar(tp.page, channel, channelName);
      return tp;
    },
  };
  return suite;
}
