import type { Redis } from "ioredis";
import type { ServerEvent } from "@parley/protocol";
import { frameOf, type Audience, type Delivery, type DeliveryListener, type EventBus } from "../events/bus.js";
import { onJsonMessage } from "./redis.js";

/** What travels on the channel: the publishing instance, the event and who hears it. */
interface Envelope {
  /** The publishing node instance (for diagnostics: every node, the publisher too, delivers what it hears). */
  o: string;
  e: ServerEvent;
  a: Audience;
}

/**
 * The cluster's event bus (docs/CLUSTER.md "Events"). Every publish goes to one Redis channel
 * that every node subscribes to, this node included; each node delivers what it hears to its
 * own streams.
 *
 * Order: one channel has one order, so every stream of every node hears the cluster's events in
 * the same order (one connection's publishes keep the order they were sent in). A node's own
 * events take the round trip too (a fraction of a millisecond) for that reason: delivered
 * locally first, they would reach its streams in another order than the others', and a late
 * chat (events/hub.ts `LateChats`) would be late on one node and not on another.
 *
 * Losing Redis: publishes made meanwhile wait in the command connection's offline queue and go
 * out on reconnect (late, not lost). What the subscriber misses cannot be replayed from Redis,
 * so the moment it is lost, `onInterrupted` listeners run (the hub ends this node's streams)
 * and `hearsAll` is false until it is back (the stream route answers 503, the clients retry);
 * when it is back, `onResubscribed` listeners run. The clients reconnect with `after_mid` and
 * catch up from the database. Ending the streams at once, not when Redis returns, matters: a
 * stream left open would go on hearing this node's own events and not the others', and a
 * client that then resumes from the newest mid it saw would skip the others' older ones.
 */
export class RedisEventBus implements EventBus {
  private readonly listeners = new Set<DeliveryListener>();
  private readonly resubscribed = new Set<() => void>();
  private readonly interrupted = new Set<() => void>();
  private subscribedOnce = false;
  private subscribed = false;
  private closed = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    /** This process's instance id (unique per start, unlike a configured node id). */
    private readonly instance: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    onJsonMessage<Envelope>(subscriber, channel, (envelope) => this.receive(envelope), (err) => this.onError(err));
    // The first `ready` is the start, every later one a return after a gap. ioredis
    // re-subscribes by itself, but the listeners must run only once the subscription is in
    // place (the streams they end reconnect at once), hence the explicit, idempotent subscribe.
    subscriber.on("ready", () => {
      if (!this.subscribedOnce || this.closed) return;
      this.subscriber.subscribe(this.channel).then(() => {
        this.subscribed = true;
        for (const listener of this.resubscribed) listener();
      }, this.onError);
    });
    subscriber.on("close", () => {
      if (!this.subscribed || this.closed) return;
      this.subscribed = false;
      for (const listener of this.interrupted) listener();
    });
  }

  /** Subscribes to the channel; resolves once Redis confirmed (events published after it are heard). */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    this.subscribedOnce = true;
    this.subscribed = true;
  }

  get hearsAll(): boolean {
    return this.subscribed;
  }

  publish(event: ServerEvent, audience: Audience): void {
    const envelope: Envelope = { o: this.instance, e: event, a: audience };
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribe(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `listener` each time the subscriber loses Redis (events will be missed until it is back). */
  onInterrupted(listener: () => void): () => void {
    this.interrupted.add(listener);
    return () => this.interrupted.delete(listener);
  }

  /** Runs `listener` each time the subscriber is back after losing Redis (events may have been missed). */
  onResubscribed(listener: () => void): () => void {
    this.resubscribed.add(listener);
    return () => this.resubscribed.delete(listener);
  }

  private receive(envelope: Envelope): void {
    const delivery: Delivery = { event: envelope.e, audience: envelope.a, frame: frameOf(envelope.e) };
    for (const listener of this.listeners) listener(delivery);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.resubscribed.clear();
    this.interrupted.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => {});
  }
}
