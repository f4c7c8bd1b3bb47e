import type { ServerEvent, Uid } from "@parley/protocol";

/**
 * One (uid, device)'s streams, except the stream named `exceptStream` (`<instance>/<id>`: a newer
 * stream of the same device).
 */
export interface DeviceTarget {
  uid: Uid;
  device: string;
  exceptStream?: string;
}

/**
 * Who receives an event. `everyone` is every connected stream (public-group messages reach guests
 * too); `users` is an explicit uid set; `device` addresses one (uid, device), e.g. a kick;
 * `devices` several at once (the kicks of the streams that opened in one turn of a reconnect
 * storm: events/hub.ts).
 */
export type Audience =
  | { kind: "everyone"; exceptUid?: Uid }
  | { kind: "users"; uids: readonly Uid[]; exceptDevice?: string }
  | ({ kind: "device" } & DeviceTarget)
  | { kind: "devices"; targets: readonly DeviceTarget[] };

export interface Delivery {
  event: ServerEvent;
  audience: Audience;
  /** The event already framed as `data: <json>\n\n`, serialized once per publish. */
  frame: string;
}

export type DeliveryListener = (delivery: Delivery) => void;

/**
 * The event path between writes and streams. Commands call `publish` after their transaction
 * commits; each node's connection hub subscribes once and fans the delivery out to its local
 * SSE connections. The in-process implementation calls listeners directly; a Redis-backed one
 * would publish the frame to a channel and call listeners from its subscriber, so nothing that
 * publishes or listens changes when the cluster mode swaps it in.
 */
export interface EventBus {
  publish(event: ServerEvent, audience: Audience): void;
  subscribe(listener: DeliveryListener): () => void;
  /**
   * Whether this node hears every event now. False while a cluster node's Redis subscription is
   * down: its streams would miss the other nodes' events, so none is served meanwhile.
   */
  readonly hearsAll: boolean;
  close(): Promise<void>;
}

export function frameOf(event: ServerEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** The single-process bus: synchronous fan-out to the subscribed hubs. */
export class InProcessEventBus implements EventBus {
  private readonly listeners = new Set<DeliveryListener>();
  readonly hearsAll = true;

  publish(event: ServerEvent, audience: Audience): void {
    const delivery: Delivery = { event, audience, frame: frameOf(event) };
    for (const listener of this.listeners) listener(delivery);
  }

  subscribe(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
