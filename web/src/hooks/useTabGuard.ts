import { useEffect } from "react";
import { useAppDispatch } from "../app/hooks";
import { setInactive } from "../app/slices/ui";

const CHANNEL = "parley-active-tab";

/**
 * Tells the older tabs that this one takes over (they go inactive and stop their streams). Before
 * this tab's stream opens, so the server does not kick theirs (same device) while they listen.
 */
export function announceTab() {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: "hello", id: `${Date.now()}-${Math.random()}` });
  channel.close();
}

/**
 * Only one active tab (docs/ARCHITECTURE.md "Client rules"): a new tab announces itself and older
 * tabs go inactive (they stop the event stream and show a reload screen).
 */
export default function useTabGuard() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const id = `${Date.now()}-${Math.random()}`;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<{ type: string; id: string }>) => {
      if (e.data?.type === "hello" && e.data.id !== id) dispatch(setInactive(true));
    };
    channel.postMessage({ type: "hello", id });
    return () => channel.close();
  }, [dispatch]);
}
