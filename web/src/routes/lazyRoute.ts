/**
 * `React.lazy` for route screens, with a `preload()` that starts the chunk's download ahead of
 * the render (main.tsx does it for a stored session, in parallel with the entry).
 *
 * Once the module has arrived, the component renders without suspending: React.lazy calls its
 * factory's `then` and, when that calls back synchronously, uses the module at once. A plain
 * `import()` promise always suspends the first render, which shows the Suspense fallback and
 * then holds the content back for React's 300 ms fallback throttle.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
type Module = { default: ComponentType<any> };

export type LazyRoute<M extends Module> = LazyExoticComponent<M["default"]> & {
  /** Starts (once) loading the chunk; resolves with the module when it is there. */
  preload: () => Promise<M>;
};

export function lazyRoute<M extends Module>(load: () => Promise<M>): LazyRoute<M> {
  let pending: Promise<M> | undefined;
  let loaded: M | undefined;
  const preload = () =>
    (pending ??= load().then(
      (mod) => (loaded = mod),
      (err: unknown) => {
        // A failed download is tried again by the next render or preload.
        pending = undefined;
        throw err;
      },
    ));
  const resolved = (mod: M) => ({ then: (onLoaded: (m: M) => void) => onLoaded(mod) }) as unknown as Promise<M>;
  return Object.assign(
    lazy(() => (loaded ? resolved(loaded) : preload())),
    { preload },
  );
}
