import dns from "node:dns/promises";
import net from "node:net";
import ipaddr from "ipaddr.js";

/** Decides, at connect time, whether an outgoing connection may reach an address. */
export interface AddressGate {
  allows(address: string, port: number): boolean;
}

/**
 * Only global unicast addresses: never loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the 169.254.169.254 metadata address, fe80::/10), multicast,
 * unspecified, broadcast, CGNAT (100.64/10), reserved or documentation ranges, nor IPv6 forms
 * that embed an IPv4 address (mapped, NAT64, 6to4, Teredo), whose IPv4 part is judged instead
 * for `::ffff:a.b.c.d`.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

export const PUBLIC_ONLY: AddressGate = { allows: (address) => isPublicAddress(address) };
export const ANY_ADDRESS: AddressGate = { allows: () => true };

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Every A/AAAA address of a name, as the system resolver (`/etc/hosts`, DNS) gives them. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export const isIpLiteral = (host: string): boolean => net.isIP(host) !== 0;
