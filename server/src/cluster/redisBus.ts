import type { Redis } from "ioredis";
import type { ServerEvent } from "@parley/protocol";
import { frameOf, type Audience, type Delivery, type DeliveryListener, type EventBus } from "../events/bus.js";

/** What travels on the channel: the publishing instance, the event and who hears it. */
interface Envelope {
  /** The publishing node instance: it delivered the event to its own streams already. */
  o: string;
  e: ServerEvent;
  a: Audience;
}

/**
 * The cluster's event bus (docs/CLUSTER.md "Events"). A publish is delivered at once to this
 * node's own streams, as the single-process bus does, and sent on one Redis channel that every
 * node subscribes to; each node delivers what the others published to its streams.
 *
 * Order: Redis delivers one connection's publishes in the order they were sent, so events of
 * one conversation, which are published after their commit by one node, reach every node in
 * that order; this node's own events skip the round trip.
 *
 * Losing Redis: publishes made meanwhile wait in the command connection's offline queue and go
 * out on reconnect (late, not lost). What the subscriber missed cannot be replayed from Redis,
 * so when it is back, `onResubscribed` listeners run: the hub ends this node's streams, and
 * their clients reconnect with `after_mid` and catch up from the database.
 */
export class RedisEventBus implements EventBus {
  private readonly listeners = new Set<DeliveryListener>();
  private readonly resubscribed = new Set<() => void>();
  private subscribedOnce = false;
  private closed = false;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    /** This process's instance id (unique per start, unlike a configured node id). */
    private readonly instance: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    subscriber.on("message", (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    // The first `ready` is the start, every later one a return after a gap. ioredis
    // re-subscribes by itself, but the listeners must run only once the subscription is in
    // place (the streams they end reconnect at once), hence the explicit, idempotent subscribe.
    subscriber.on("ready", () => {
      if (!this.subscribedOnce || this.closed) return;
      this.subscriber.subscribe(this.channel).then(() => {
        for (const listener of this.resubscribed) listener();
      }, this.onError);
    });
  }

  /** Subscribes to the channel; resolves once Redis confirmed (events published after it are heard). */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
    this.subscribedOnce = true;
  }

  publish(event: ServerEvent, audience: Audience): void {
    const delivery: Delivery = { event, audience, frame: frameOf(event) };
    for (const listener of this.listeners) listener(delivery);
    const envelope: Envelope = { o: this.instance, e: event, a: audience };
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch(this.onError);
  }

  subscribe(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs `listener` each time the subscriber is back after losing Redis (events may have been missed). */
  onResubscribed(listener: () => void): () => void {
    this.resubscribed.add(listener);
    return () => this.resubscribed.delete(listener);
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch (err) {
      this.onError(err);
      return;
    }
    if (envelope.o === this.instance) return;
    const delivery: Delivery = { event: envelope.e, audience: envelope.a, frame: frameOf(envelope.e) };
    for (const listener of this.listeners) listener(delivery);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.resubscribed.clear();
    await this.subscriber.unsubscribe(this.channel).catch(() => {});
  }
}
