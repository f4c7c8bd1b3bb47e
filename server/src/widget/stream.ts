import type { ServerResponse } from "node:http";
import type { Uid } from "@parley/protocol";
import type { AppContext } from "../context.js";
import type { Delivery } from "../events/bus.js";

/**
 * One visitor's stream. Live events that arrive while its backlog is being read are held, then
 * written after the backlog (the ones it already carried dropped), so the stream has no gap
 * and no duplicate.
 */
export class WidgetSink {
  private held: { frame: string; mid: number }[] | null = [];

  /**
   * `peer`: the host the conversation is with; `device`: the session's. A person signed in to the
   * widget hears about more than this conversation, and only this one goes out.
   */
  constructor(
    readonly res: ServerResponse,
    readonly peer: Uid,
    readonly device: string,
  ) {}

  /** Whether a `chat` event of `uid`'s is of this sink's conversation (a DM between `uid` and the host). */
  carries(uid: Uid, event: { from_uid: Uid; target: { uid?: Uid; gid?: number } }): boolean {
    const to = event.target.uid;
    if (to === undefined) return false;
    return (event.from_uid === uid && to === this.peer) || (event.from_uid === this.peer && to === uid);
  }

  send(frame: string, mid: number): void {
    if (this.held) this.held.push({ frame, mid });
    else this.res.write(frame);
  }

  /** The backlog was written up to `lastMid`: what was held after it goes out, then live. */
  live(lastMid: number): void {
    const held = this.held ?? [];
    this.held = null;
    for (const h of held) if (h.mid > lastMid) this.res.write(h.frame);
  }

  end(frame?: string): void {
    this.res.end(frame);
  }
}

/** A comment line this often keeps proxies from closing an idle stream. */
export const WIDGET_HEARTBEAT_MS = 25_000;

/**
 * The visitors' event streams of one node (`GET /api/widget/events`). Visitors do not use the
 * main stream (`/api/user/events`): it opens with the user directory and the public channels.
 * This one carries only what is addressed to the visitor by uid (its conversation's `chat`
 * events), and ends on a `kick` (the visitor was blocked). One bus subscription per node, made
 * on the first stream.
 */
export class WidgetStreams {
  private readonly byUid = new Map<Uid, Set<WidgetSink>>();
  private unsubscribe: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {}

  add(uid: Uid, sink: WidgetSink): void {
    if (!this.unsubscribe) {
      this.unsubscribe = this.ctx.bus.subscribe((d) => this.deliver(d));
      this.heartbeat = setInterval(() => this.each((sink) => sink.res.write(": ping\n\n")), WIDGET_HEARTBEAT_MS);
      this.heartbeat.unref();
    }
    let set = this.byUid.get(uid);
    if (!set) this.byUid.set(uid, (set = new Set()));
    set.add(sink);
    sink.res.on("close", () => {
      set.delete(sink);
      if (set.size === 0 && this.byUid.get(uid) === set) this.byUid.delete(uid);
    });
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUid.values()) n += set.size;
    return n;
  }

  private each(fn: (sink: WidgetSink) => void): void {
    for (const set of this.byUid.values()) for (const sink of set) fn(sink);
  }

  private deliver({ event, audience, frame }: Delivery): void {
    // `everyone` (public channels, the user directory) never reaches a visitor.
    if (audience.kind === "users") for (const uid of audience.uids) this.deliverTo(uid, null, event, frame);
    else if (audience.kind === "device") this.deliverTo(audience.uid, audience.device, event, frame);
    else if (audience.kind === "devices") for (const t of audience.targets) this.deliverTo(t.uid, t.device, event, frame);
  }

  /** `uid`'s streams hear a chat they carry; a kick ends them (only `device`'s, when one is named: a logout elsewhere). */
  private deliverTo(uid: Uid, device: string | null, event: Delivery["event"], frame: string): void {
    const set = this.byUid.get(uid);
    if (!set) return;
    if (event.type === "chat") {
      for (const sink of set) if (sink.carries(uid, event)) sink.send(frame, event.mid);
    } else if (event.type === "kick") {
      for (const sink of [...set]) if (device === null || device === sink.device) sink.end(frame);
    }
  }

  /** Ends every stream (the server is closing) and the bus subscription. */
  close(): void {
    this.each((sink) => sink.end());
    this.byUid.clear();
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
  }
}

const streams = new WeakMap<AppContext, WidgetStreams>();

export function widgetStreams(ctx: AppContext): WidgetStreams {
  let s = streams.get(ctx);
  if (!s) streams.set(ctx, (s = new WidgetStreams(ctx)));
  return s;
}
