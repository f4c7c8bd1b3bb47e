import type { AppContext } from "../context.js";

/**
 * A background job: one pass every `intervalMs`. Every periodic sweep of the server is one of
 * these (`ctx.jobs`), so they share one behaviour: the timer is unref'd (it never keeps the
 * process alive), passes never overlap (a tick during a pass is skipped), and `stop()` waits for
 * a running pass, so the database can close right after. A pass must be idempotent: every node
 * may run it today, and in cluster mode the job will take a lease first (docs/ARCHITECTURE.md).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly name: string,
    readonly intervalMs: number,
    private readonly pass: (ctx: AppContext) => Promise<unknown>,
  ) {}

  get started(): boolean {
    return this.timer !== null;
  }

  start(ctx: AppContext, onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pass(ctx)
        .then(() => undefined, onError)
        .finally(() => {
          this.running = null;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** The server's periodic jobs, by what they do (built in `createContext`, started by `buildApp`). */
export interface Jobs {
  /** Burn-after-reading and auto-delete: expired messages go (every 2 s). */
  messageExpiry: PeriodicJob;
  /** Abandoned uploads and files past the admin's expiry go (every 30 s). */
  fileSweep: PeriodicJob;
  /** Guests older than 7 days go (daily). */
  guestSweep: PeriodicJob;
}

export function startJobs(ctx: AppContext, onError: (job: PeriodicJob, err: unknown) => void): void {
  for (const job of Object.values(ctx.jobs) as PeriodicJob[]) job.start(ctx, (err) => onError(job, err));
}

export async function stopJobs(ctx: AppContext): Promise<void> {
  await Promise.all((Object.values(ctx.jobs) as PeriodicJob[]).map((job) => job.stop()));
}
