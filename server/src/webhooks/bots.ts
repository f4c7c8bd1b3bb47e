import type { Uid } from "@parley/protocol";
import type { Db } from "../db/index.js";
import type { Audience, EventBus } from "../events/bus.js";

/**
 * WHICH BOTS HEAR A MESSAGE, without a query on the send path. Every bot with a `webhook_url`
 * is kept per server (usually none or a handful); a message queues deliveries only when one of
 * them is in its audience, so a server without webhook bots pays one map lookup per send.
 *
 * The set is dropped by the user-change events (`users_log`: a bot created, changed or deleted,
 * on any node of a cluster) and by this node's own webhook changes (`invalidate`, called by the
 * commands that save a `webhook_url`, which publish no event). A webhook changed on another
 * node, or by the command-line tools, is seen within `CACHE_TTL_MS`.
 */
const CACHE_TTL_MS = 10_000;

export class WebhookBots {
  private cached: Promise<ReadonlyMap<Uid, string>> | null = null;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    bus: EventBus,
  ) {
    bus.subscribe(({ event }) => {
      if (event.type === "users_log") this.invalidate();
    });
  }

  /** A read under way is used by its callers but not kept (the change may have come after it). */
  invalidate(): void {
    this.cached = null;
  }

  /** Every bot with a webhook URL, by uid. */
  all(): Promise<ReadonlyMap<Uid, string>> {
    if (this.cached && Date.now() - this.loadedAt < CACHE_TTL_MS) return this.cached;
    const read = this.db
      .selectFrom("users")
      .select(["uid", "webhook_url"])
      .where("is_bot", "=", 1)
      .where("webhook_url", "is not", null)
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.uid, r.webhook_url as string])));
    this.cached = read;
    this.loadedAt = Date.now();
    read.catch(() => {
      if (this.cached === read) this.cached = null;
    });
    return read;
  }

  /**
   * The bots with a webhook among those who hear a message (`audience`: a DM's two parties, a
   * private channel's members, everyone for a public one), never its sender.
   */
  async recipients(audience: Audience, sender: Uid): Promise<Uid[]> {
    const bots = await this.all();
    if (bots.size === 0) return [];
    if (audience.kind === "everyone") return [...bots.keys()].filter((uid) => uid !== sender);
    if (audience.kind === "users") return audience.uids.filter((uid) => uid !== sender && bots.has(uid));
    return [];
  }
}
