import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import type { Db } from "../db/index.js";
import type { Audience } from "../events/bus.js";
import type { AlsoInTransaction } from "../repos/messageAppender.js";
import type { MessageRow } from "../repos/messages.js";
import { queueDeliveries } from "./outbox.js";

/**
 * DURABLE WEBHOOKS (docs/API.md "Webhooks", docs/ARCHITECTURE.md "Webhooks"): every normal,
 * reply and reaction message is POSTed to each bot in its audience that has a `webhook_url`,
 * never to its sender. What the message commands use:
 * - `webhookBotsFor` before the write: the bots to queue for (from the cached set, `bots.ts`);
 * - `queueing` / `queueDeliveries` in the message's transaction (`outbox.ts`);
 * - `wakeWebhooks` after the commit, so the worker (`worker.ts`) sends at once.
 */
export function webhookBotsFor(ctx: AppContext, audience: Audience | null, sender: Uid): Promise<Uid[]> {
  return audience ? ctx.webhooks.bots.recipients(audience, sender) : Promise.resolve([]);
}

/** The outbox write to run in a new message's transaction; none when no bot hears it. */
export function queueing(bots: readonly Uid[]): AlsoInTransaction | undefined {
  return bots.length === 0 ? undefined : (tx: Db, row: MessageRow) => queueDeliveries(tx, bots, row);
}

/** After a commit that queued deliveries: the worker runs now rather than at its next tick. */
export function wakeWebhooks(ctx: AppContext, bots: readonly Uid[]): void {
  if (bots.length > 0) ctx.jobs.webhooks.wake();
}
