/**
 * The `call_*` events of the stream, handed from the stream handler to the call engine. The
 * engine keeps peer connections and media streams, which are not store data, so the events go
 * to it directly instead of through a slice. `resync` follows every (re)connect.
 */
import type { CallEvent } from "@parley/protocol";

export type CallStreamEvent = CallEvent | { type: "resync" };
type Listener = (event: CallStreamEvent) => void;

const listeners = new Set<Listener>();

export const callEvents = {
  emit(event: CallStreamEvent): void {
    for (const l of listeners) l(event);
  },
  on(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
