import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./address.js";

describe("isPublicAddress", () => {
  it("admits global unicast addresses only", () => {
    for (const a of ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
    const blocked = [
      "127.0.0.1", "127.255.0.1", "10.0.0.1", "172.16.5.5", "172.31.255.255", "192.168.0.1", "169.254.169.254", "169.254.1.1",
      "100.64.0.1", "100.127.255.254", "0.0.0.0", "255.255.255.255", "224.0.0.1", "239.1.1.1", "192.0.2.1", "198.18.0.1",
      "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1",
      "64:ff9b::a00:1", "2002:a00:1::", "2001::1", "2001:db8::1", "[::1]", "not an ip", "",
    ];
    for (const a of blocked) expect(isPublicAddress(a), a).toBe(false);
  });
});
