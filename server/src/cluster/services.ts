import { InProcessEventBus, type EventBus } from "../events/bus.js";
import { LocalPresence, type Presence } from "./presence.js";
import type { ClusterContext } from "./redis.js";
import { RedisEventBus } from "./redisBus.js";
import { RedisPresence } from "./redisPresence.js";

export interface ClusterServices {
  bus: EventBus;
  presence: Presence;
  /** Runs `listener` when this node starts missing events (its subscription is lost) and when it is back. */
  onEventsMissed(listener: () => void): void;
}

/**
 * The event bus and presence for this node: in process on a single node, through Redis in a
 * cluster (docs/CLUSTER.md). Both are subscribed before this resolves, so the node serves no
 * stream that could miss an event published meanwhile.
 */
export async function startClusterServices(cluster: ClusterContext, bus?: EventBus): Promise<ClusterServices> {
  const redis = cluster.redis;
  if (!redis) return { bus: bus ?? new InProcessEventBus(), presence: new LocalPresence(), onEventsMissed: () => {} };
  const connect = (name: string) => cluster.connect(name) ?? redis;
  const redisBus = new RedisEventBus(redis, connect("events"), cluster.key("events"), cluster.instance, (err) => cluster.onError(err, "event bus"));
  await redisBus.start();
  const presence = new RedisPresence(redis, connect("presence"), cluster.key, cluster.instance, { onError: (err) => cluster.onError(err, "presence") });
  await presence.start();
  return {
    bus: redisBus,
    presence,
    onEventsMissed: (listener) => {
      redisBus.onInterrupted(listener);
      redisBus.onResubscribed(listener);
    },
  };
}
