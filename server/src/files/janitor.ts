import type { AppContext } from "../context.js";
import { sweepFiles } from "../commands/files.js";

/** How often abandoned uploads and expired files are looked for (VoceChat: every 30 s). */
export const FILE_SWEEP_INTERVAL_MS = 30_000;

/**
 * The files background job: every 30 s, one `sweepFiles` pass. The timer is unref'd (it never
 * keeps the process alive), passes never overlap, and `stop()` waits for a running pass, so the
 * database can close right after. Every node may run it: each step is idempotent.
 */
export class FileJanitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  start(ctx: AppContext, onError: (err: unknown) => void, intervalMs = FILE_SWEEP_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = sweepFiles(ctx)
        .then(() => undefined, onError)
        .finally(() => {
          this.running = null;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
