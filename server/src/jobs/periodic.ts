import { Lease, LEASE_RENEW_MS, LEASE_TTL_MS } from "../cluster/lease.js";
import type { AppContext } from "../context.js";

export interface PeriodicJobOptions {
  /** How long the job's lease lasts unrenewed (default 30 s); tests shorten it to watch a takeover. */
  leaseTtlMs?: number;
}

/**
 * A background job: one pass every `intervalMs`. Every periodic sweep of the server is one of
 * these (`ctx.jobs`), so they share one behaviour: the timer is unref'd (it never keeps the
 * process alive), passes never overlap (a tick during a pass is skipped), and `stop()` waits for
 * a running pass, so the database can close right after.
 *
 * In a cluster one node runs the job at a time: the one holding its lease `job:<name>`
 * (`cluster/lease.ts`, docs/ARCHITECTURE.md "Background jobs"). Each tick takes the lease or
 * renews it, and a node that does not hold it skips the pass; the holder also renews it every
 * 10 s between passes; `stop()` releases it. A pass must still be idempotent: a holder that
 * stalls past the lease may finish a pass while the next holder starts one.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private keeper: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lease: Lease | null = null;
  /** Set by `wake()` during a pass: one more pass follows it at once. */
  private wanted = false;
  private tick: (() => void) | null = null;
  /** Passes this node ran (while it held the lease): the cluster tests read it. */
  passes = 0;

  constructor(
    readonly name: string,
    readonly intervalMs: number,
    private readonly pass: (ctx: AppContext) => Promise<unknown>,
    private readonly options: PeriodicJobOptions = {},
  ) {}

  get started(): boolean {
    return this.timer !== null;
  }

  start(ctx: AppContext, onError: (err: unknown) => void): void {
    if (this.timer) return;
    const lease = new Lease(ctx.cluster, `job:${this.name.replace(/[^A-Za-z0-9._-]+/g, "-")}`, this.options.leaseTtlMs ?? LEASE_TTL_MS);
    this.lease = lease;
    const tick = () => {
      if (this.running) return;
      this.running = this.run(ctx, lease)
        .then(() => undefined, onError)
        .finally(() => {
          this.running = null;
          if (this.wanted && this.timer) {
            this.wanted = false;
            tick();
          }
        });
    };
    this.tick = tick;
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
    if (ctx.cluster.redis) {
      // Between passes too: a pass longer than the lease, or an interval longer than it (the
      // daily guest sweep), must not let it lapse under a living holder.
      this.keeper = setInterval(() => {
        if (lease.held) void lease.renew();
      }, Math.min(LEASE_RENEW_MS, Math.floor(lease.ttlMs / 3)));
      this.keeper.unref();
    }
  }

  /**
   * A pass now rather than at the next tick (the webhook worker, after a commit queued work for
   * it); during a pass, one more right after it. On a node without the lease it does nothing.
   */
  wake(): void {
    // A node without the lease (as of its last answer) leaves it to the holder's next tick
    // rather than asking Redis on every wake.
    if (!this.tick || (this.lease && !this.lease.held)) return;
    if (this.running) this.wanted = true;
    else this.tick();
  }

  async stop(): Promise<void> {
    this.tick = null;
    this.wanted = false;
    if (this.timer) clearInterval(this.timer);
    if (this.keeper) clearInterval(this.keeper);
    this.timer = null;
    this.keeper = null;
    await this.running;
    // The next node takes the job at its next tick instead of waiting for the lease to lapse.
    await this.lease?.release();
    this.lease = null;
  }

  private async run(ctx: AppContext, lease: Lease): Promise<void> {
    if (!(await lease.tryAcquire())) return;
    this.passes++;
    await this.pass(ctx);
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
  /** Anonymous widget visitors go: idle 7 days without a message, or inactive past the retention (hourly: commands/widgetSweep.ts). */
  visitorSweep: PeriodicJob;
  /** Due webhook deliveries are sent (every 2 s, and at once after a commit queued one: server/src/webhooks/). */
  webhooks: PeriodicJob;
  /** Notifications: new messages expanded per recipient, due ones sent by each path (every second, and when woken: server/src/notify/). */
  notify: PeriodicJob;
  /** Built-in calls: stale participants dropped, unanswered rings missed (every 5 s: commands/calls.ts). */
  calls: PeriodicJob;
}

export function startJobs(ctx: AppContext, onError: (job: PeriodicJob, err: unknown) => void): void {
  for (const job of Object.values(ctx.jobs) as PeriodicJob[]) job.start(ctx, (err) => onError(job, err));
}

export async function stopJobs(ctx: AppContext): Promise<void> {
  await Promise.all((Object.values(ctx.jobs) as PeriodicJob[]).map((job) => job.stop()));
}
