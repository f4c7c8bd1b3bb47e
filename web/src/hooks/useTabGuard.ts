import { useEffect } from "react";
import { useAppDispatch } from "../app/hooks";
import { setInactive } from "../app/slices/ui";

/**
 * Only one active tab (spec §1, §4): a new tab announces itself and older tabs go inactive (they
 * stop the event stream and show a reload screen).
 */
export default function useTabGuard() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const id = `${Date.now()}-${Math.random()}`;
    const channel = new BroadcastChannel("parley-active-tab");
    channel.onmessage = (e: MessageEvent<{ type: string; id: string }>) => {
      if (e.data?.type === "hello" && e.data.id !== id) dispatch(setInactive(true));
    };
    channel.postMessage({ type: "hello", id });
    return () => channel.close();
  }, [dispatch]);
}
