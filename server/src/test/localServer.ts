import type http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts a test receiver on a free port of 127.0.0.1. `close` also drops kept-alive
 * connections, which would otherwise hold it open until they time out.
 */
export async function listenLocal(server: http.Server): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `list` holds `n` entries (a receiver's log), polling; `what` names them in the timeout error. */
export async function waitForCount<T>(list: T[], n: number, timeoutMs: number, what: string): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (list.length < n) {
    if (Date.now() > deadline) throw new Error(`${what}: ${list.length} of ${n} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return list;
}
