/**
 * Event listeners that an effect adds and its cleanup removes: `on` adds one and answers its
 * removal, `offAll` joins several removals, so the pairs cannot drift apart.
 */
export function on<K extends keyof WindowEventMap>(target: Window, type: K, listener: (e: WindowEventMap[K]) => void): () => void;
export function on<K extends keyof DocumentEventMap>(target: Document, type: K, listener: (e: DocumentEventMap[K]) => void): () => void;
export function on<K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, listener: (e: HTMLElementEventMap[K]) => void): () => void;
export function on(target: EventTarget, type: string, listener: (e: Event) => void): () => void {
  target.addEventListener(type, listener);
  return () => target.removeEventListener(type, listener);
}

/** One cleanup for several `on`s. */
export function offAll(...offs: (() => void)[]): () => void {
  return () => offs.forEach((off) => off());
}
