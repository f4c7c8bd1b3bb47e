/**
 * Resolves in a new task of the event loop, so that what follows runs after the browser has had
 * the chance to paint and handle input: the way a large piece of work (the boot, the stream's
 * backlog) is cut into tasks under 50 ms (docs/PERFORMANCE.md "Client long tasks").
 * `scheduler.yield()` where the browser has it (its continuation goes before other queued work);
 * else a MessageChannel message, which, unlike `setTimeout`, is not throttled in a background tab.
 */
type YieldingScheduler = { yield?: () => Promise<void> };

let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  if (typeof MessageChannel === "undefined") return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    // One message per waiter, answered in order: each resolves in a task of its own.
    channel.port1.onmessage = () => waiting.shift()?.();
    // Under Node (the unit tests) an open port would keep the process alive.
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel!.port2.postMessage(null);
  });
}
