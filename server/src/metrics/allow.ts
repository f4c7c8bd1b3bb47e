import type { IncomingHttpHeaders } from "node:http";
import ipaddr from "ipaddr.js";
import { ConfigError } from "../config.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** Who may read `GET /metrics`: the addresses and CIDR ranges of `METRICS_ALLOW`. */
export interface AllowList {
  /** Whether `address` (a socket's remote address, or a forwarded one) is in a listed range. */
  allows(address: string | null | undefined): boolean;
}

/**
 * An IPv4 client of a dual-stack socket shows up as `::ffff:a.b.c.d`: it is judged as the IPv4
 * address it carries, so `127.0.0.1/8` covers `::ffff:127.0.0.1`.
 */
function unmapped(address: Address): Address {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/**
 * One `METRICS_ALLOW` entry: `a.b.c.d`, an IPv6 address, or either with `/bits`. IPv4 must be
 * four decimal parts (ipaddr.js would also take `127.1` or hex, which nobody means in a list of
 * allowed addresses). A range inside `::ffff:0:0/96` is the IPv4 range it maps.
 */
export function parseRange(entry: string): Range {
  const text = entry.trim();
  const slash = text.indexOf("/");
  const host = slash < 0 ? text : text.slice(0, slash);
  const bitsText = slash < 0 ? null : text.slice(slash + 1);
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(host);
  if (!v4 && !ipaddr.IPv6.isValid(host)) throw new ConfigError(`METRICS_ALLOW: "${entry}" is not an IP address or CIDR range`);
  const address: Address = v4 ? ipaddr.IPv4.parse(host) : ipaddr.IPv6.parse(host);
  const max = v4 ? 32 : 128;
  if (bitsText !== null && !/^[0-9]{1,3}$/.test(bitsText)) throw new ConfigError(`METRICS_ALLOW: "${entry}" has no prefix length after '/'`);
  const bits = bitsText === null ? max : Number(bitsText);
  if (bits > max) throw new ConfigError(`METRICS_ALLOW: "${entry}": the prefix length is at most ${max}`);
  if (!v4 && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  return [address, bits];
}

/**
 * A client address as a socket or a forwarding header gives it: bare, bracketed (`[::1]`), with a
 * port (`1.2.3.4:80`, `[::1]:80`) or quoted (RFC 7239 `for="…"`). Null for anything else
 * (`unknown`, an obfuscated `_node`), which no list allows.
 */
export function parseAddress(text: string): Address | null {
  let t = text.trim();
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) t = t.slice(1, -1);
  if (t.startsWith("[")) {
    const end = t.indexOf("]");
    if (end < 0) return null;
    t = t.slice(1, end);
  } else if (t.includes(".") && t.split(":").length === 2) {
    t = t.slice(0, t.indexOf(":"));
  }
  if (!ipaddr.isValid(t)) return null;
  return unmapped(ipaddr.parse(t));
}

export function compileAllowList(entries: readonly string[]): AllowList {
  const ranges = entries.map(parseRange);
  return {
    allows(address) {
      if (!address) return false;
      const parsed = parseAddress(address);
      if (!parsed) return false;
      return ranges.some(([net, bits]) => net.kind() === parsed.kind() && parsed.match(net, bits));
    },
  };
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [] : [value].flat().flatMap((v) => v.split(",").map((part) => part.trim())));

/** The `for=` parameter of each element of RFC 7239 `Forwarded` headers; `""` when one has none. */
function forwardedFor(value: string | string[] | undefined): string[] {
  return asList(value).map((element) => {
    for (const pair of element.split(";")) {
      const eq = pair.indexOf("=");
      if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === "for") return pair.slice(eq + 1);
    }
    return "";
  });
}

/**
 * Every address a request came through: the socket's peer, then each address a forwarding header
 * names (`X-Forwarded-For`, `Forwarded: for=`, `X-Real-IP`).
 *
 * `GET /metrics` answers only when all of them are allowed (docs/OPERATIONS.md "Monitoring").
 * Neither single address is safe alone. The socket's address is that of a reverse proxy when
 * there is one, usually on the same host, so loopback: trusting it would make the metrics public
 * through the proxy. Fastify's `req.ip` under `TRUST_PROXY=true` is the left-most
 * `X-Forwarded-For` entry, which the client writes itself (`X-Forwarded-For: 127.0.0.1`). Requiring
 * every hop admits a direct scrape (no header), and a scrape through a proxy only when both
 * the scraper and the proxy are listed; a forged entry can only get its sender refused, since
 * a proxy appends the real peer after it and the socket is checked too. Kept independent of
 * `TRUST_PROXY` on purpose: a proxy nobody declared must not open the endpoint either.
 */
export function requestAddresses(socketAddress: string | undefined, headers: IncomingHttpHeaders): (string | undefined)[] {
  return [socketAddress, ...asList(headers["x-forwarded-for"]), ...forwardedFor(headers.forwarded), ...asList(headers["x-real-ip"])];
}

/** Whether a request may read the metrics: every address it came through is allowed. */
export function allowsRequest(list: AllowList, socketAddress: string | undefined, headers: IncomingHttpHeaders): boolean {
  return requestAddresses(socketAddress, headers).every((a) => list.allows(a));
}
