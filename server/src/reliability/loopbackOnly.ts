import net from "node:net";

/**
 * Fuzzed settings name random SMTP hosts, link-preview URLs and frontend URLs, and the server
 * then tries to reach them. A probe sends traffic to this machine only: while installed, every
 * outgoing TCP connection of the test process to anything but a loopback address or `localhost`
 * fails at once with ECONNREFUSED, before any DNS lookup, as an unreachable host would.
 */
export function allowLoopbackOnly(): () => void {
  const original = net.Socket.prototype.connect;
  const patched = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const opts = (typeof first === "object" && first !== null ? first : typeof args[1] === "string" ? { host: args[1] } : {}) as { host?: string; path?: string };
    if (!opts.path && !isLoopback(opts.host ?? "localhost")) {
      const err = Object.assign(new Error(`connect ECONNREFUSED ${opts.host} (the probes reach loopback only)`), { code: "ECONNREFUSED" });
      process.nextTick(() => this.destroy(err));
      return this;
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  };
  net.Socket.prototype.connect = patched as typeof original;
  return () => {
    net.Socket.prototype.connect = original;
  };
}

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h) || h === "::ffff:127.0.0.1";
}
