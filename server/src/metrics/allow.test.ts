import { describe, expect, it } from "vitest";
import { DEFAULT_METRICS_ALLOW, ConfigError } from "../config.js";
import { allowsRequest, compileAllowList, parseAddress, requestAddresses } from "./allow.js";

describe("METRICS_ALLOW matching", () => {
  const loopback = compileAllowList(DEFAULT_METRICS_ALLOW);

  it.each([
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["::1", true],
    // An IPv4 client of a dual-stack socket is reported IPv4-mapped.
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["[::1]", true],
    ["127.0.0.1:9100", true],
    ["[::ffff:127.0.0.1]:9100", true],
    ["128.0.0.1", false],
    ["10.0.0.1", false],
    ["::2", false],
    ["::ffff:10.0.0.1", false],
    ["0:0:0:0:0:0:0:1", true],
    ["", false],
    ["unknown", false],
    ["_hidden", false],
    [undefined, false],
  ])("the default (loopback) list: %s → %s", (address, allowed) => {
    expect(loopback.allows(address)).toBe(allowed);
  });

  const ranges = compileAllowList(["10.1.0.0/16", "192.0.2.7", "2001:db8::/32", "fe80::1", "::ffff:172.16.0.0/108"]);
  it.each([
    ["10.1.255.1", true],
    ["::ffff:10.1.2.3", true],
    ["10.2.0.1", false],
    ["192.0.2.7", true],
    ["192.0.2.8", false],
    ["2001:db8:1::5", true],
    ["2001:db9::5", false],
    ["fe80::1%eth0", true],
    // ::ffff:172.16.0.0/108 is 172.16.0.0/12.
    ["172.31.0.1", true],
    ["::ffff:172.20.1.1", true],
    ["172.32.0.1", false],
    // An IPv4 range never matches a native IPv6 address, nor the reverse.
    ["::a01:203", false],
  ])("IPv4 and IPv6 ranges, single addresses, and mapped ranges as IPv4: %s → %s", (address, allowed) => {
    expect(ranges.allows(address)).toBe(allowed);
  });

  it("allows everyone with 0.0.0.0/0 and ::/0, and no one with an empty list", () => {
    const all = compileAllowList(["0.0.0.0/0", "::/0"]);
    expect(all.allows("203.0.113.9")).toBe(true);
    expect(all.allows("2001:db8::1")).toBe(true);
    expect(compileAllowList([]).allows("127.0.0.1")).toBe(false);
  });

  it.each(["localhost", "127.1", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "1.2.3.4.5", "0x7f.0.0.1"])(
    "refuses the entry %j at start-up with a ConfigError",
    (entry) => {
      expect(() => compileAllowList([entry])).toThrow(ConfigError);
    },
  );

  it("reads client addresses in the forms sockets and forwarding headers give", () => {
    expect(parseAddress("::ffff:127.0.0.1")?.toString()).toBe("127.0.0.1");
    expect(parseAddress('"[2001:db8:cafe::17]:4711"')?.toString()).toBe("2001:db8:cafe::17");
    expect(parseAddress(" 192.0.2.60 ")?.toString()).toBe("192.0.2.60");
    expect(parseAddress("[::1")).toBeNull();
    expect(parseAddress("example.com")).toBeNull();
  });
});

describe("the addresses a request came through", () => {
  const loopback = compileAllowList(DEFAULT_METRICS_ALLOW);

  it("is the socket's peer, then every forwarded address", () => {
    expect(
      requestAddresses("127.0.0.1", {
        "x-forwarded-for": "203.0.113.5, 10.0.0.2",
        forwarded: 'for=192.0.2.60;proto=http, For="[2001:db8::1]:80", by=10.0.0.1',
        "x-real-ip": "203.0.113.5",
      }),
    ).toEqual(["127.0.0.1", "203.0.113.5", "10.0.0.2", "192.0.2.60", '"[2001:db8::1]:80"', "", "203.0.113.5"]);
  });

  it("allows a direct loopback scrape, not one relayed by a proxy on loopback for an outside client", () => {
    expect(allowsRequest(loopback, "127.0.0.1", {})).toBe(true);
    expect(allowsRequest(loopback, "::ffff:127.0.0.1", {})).toBe(true);
    expect(allowsRequest(loopback, "10.0.0.5", {})).toBe(false);
    expect(allowsRequest(loopback, undefined, {})).toBe(false);
    // A reverse proxy on the same host connects from loopback and names the real client.
    expect(allowsRequest(loopback, "127.0.0.1", { "x-forwarded-for": "203.0.113.5" })).toBe(false);
    expect(allowsRequest(loopback, "127.0.0.1", { "x-real-ip": "203.0.113.5" })).toBe(false);
    expect(allowsRequest(loopback, "127.0.0.1", { forwarded: "for=203.0.113.5" })).toBe(false);
    expect(allowsRequest(loopback, "127.0.0.1", { forwarded: "for=unknown" })).toBe(false);
    // A client forging a loopback entry: the proxy appends the real peer after it.
    expect(allowsRequest(loopback, "127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.5" })).toBe(false);
    // A forged header sent straight from outside changes nothing: the socket is outside.
    expect(allowsRequest(loopback, "203.0.113.5", { "x-forwarded-for": "127.0.0.1" })).toBe(false);
    // A scraper through a proxy, both listed.
    const both = compileAllowList(["127.0.0.1/8", "10.9.0.0/16"]);
    expect(allowsRequest(both, "127.0.0.1", { "x-forwarded-for": "10.9.0.4" })).toBe(true);
  });
});
