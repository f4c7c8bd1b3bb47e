/**
 * Mounting a screen in parts: a component that is costly to mount (the message list, the
 * composer) renders a stand-in first, and itself in a render of its own once the frame before
 * it is drawn. Opening a conversation with everything at once was one task of well over 50 ms:
 * the render, the effects, then the style and layout of the whole screen in the next frame
 * (docs/PERFORMANCE.md "Client long tasks"). Parts mount one per frame, in the order they
 * asked; a hidden page (which draws no frames) mounts everything at once.
 */
import { useEffect, useState } from "react";
import { nextTask } from "../utils/nextTask";

/** Parts waiting to mount: the lowest `order` first, then in the order they asked. */
const waiting: { order: number; show: () => void }[] = [];
let releasing = false;

/** Resolves in a task after the next frame (or after 100 ms: a page draws none while hidden). */
function afterFrame(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void nextTask().then(resolve);
    };
    const timer = setTimeout(go, 100);
    requestAnimationFrame(go);
  });
}

async function release() {
  releasing = true;
  while (waiting.length) {
    await afterFrame();
    let next = 0;
    for (let i = 1; i < waiting.length; i++) if (waiting[i].order < waiting[next].order) next = i;
    waiting.splice(next, 1)[0].show();
  }
  releasing = false;
}

const hidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

/**
 * False in the first render; true from a render after a frame (at once in a hidden page). Of
 * the parts waiting, the lowest `order` mounts first: what the reader came for before the rest.
 */
export function useStaged(order = 0): boolean {
  const [shown, setShown] = useState(hidden);
  useEffect(() => {
    if (shown) return;
    let live = true;
    waiting.push({ order, show: () => live && setShown(true) });
    if (!releasing) void release();
    return () => {
      live = false;
    };
  }, [shown, order]);
  return shown;
}

/** The orders of the parts the chat screen mounts in stages. */
export const STAGE = { conversation: 0, messages: 1, moreMessages: 2, navigation: 3, conversations: 4 } as const;
