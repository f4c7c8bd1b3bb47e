import type { AppContext } from "../context.js";

/**
 * After a commit that queued a message in the notification outbox: the worker runs soon, not
 * at once. Nothing is due before the push delay (3 s) anyway, and a pass per send would cost a
 * busy server a dozen queries per message; waiting `WAKE_AFTER_MS` lets one pass expand every
 * message of that moment together (one audience and reach query per channel and path).
 */
export const WAKE_AFTER_MS = 100;
const pending = new WeakSet<AppContext>();

export function wakeNotifications(ctx: AppContext): void {
  if (pending.has(ctx)) return;
  pending.add(ctx);
  setTimeout(() => {
    pending.delete(ctx);
    ctx.jobs.notify.wake();
  }, WAKE_AFTER_MS).unref();
}
