import { useEffect, useRef } from "react";

/**
 * Runs `run` once: after the first render in which `ready` is true, and never again for this
 * component (a ref remembers it, so StrictMode's second mount and later renders do not repeat a
 * one-shot request such as a login or a token check).
 */
export function useRunOnce(ready: boolean, run: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    run();
  }, [ready, run]);
}
