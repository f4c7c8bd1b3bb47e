import { beforeEach, describe, expect, it, vi } from "vitest";
import * as nodeCrypto from "node:crypto";
import { SignJWT, UnsecuredJWT, jwtVerify } from "jose";
import { TokenService } from "./tokens.js";

// The real createHmac, counted: a verified token must not be checked again from the cache.
vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof nodeCrypto>();
  return { ...original, createHmac: vi.fn(original.createHmac) };
});
const hmac = vi.mocked(nodeCrypto.createHmac);
beforeEach(() => {
  hmac.mockClear();
});

const KEY = "k".repeat(32);
const claims = { uid: 7, device: "web:1", is_admin: false, is_guest: false };
const nowS = () => Math.floor(Date.now() / 1000);
const keyBytes = new TextEncoder().encode(KEY);

describe("TokenService.verifyAccess", () => {
  it("verifies a token's signature once and answers repeats from its cache", async () => {
    const tokens = new TokenService(KEY, 300, 600);
    const { token } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(hmac).toHaveBeenCalledTimes(1);
  });

  it("remember: false (an event stream) verifies without filling the cache, but uses it", async () => {
    const tokens = new TokenService(KEY, 300, 600);
    const { token } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(hmac).toHaveBeenCalledTimes(2);
    await tokens.verifyAccess(token); // a REST call remembers it
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(hmac).toHaveBeenCalledTimes(3);
  });

  it("refuses a token signed with another key, and a refresh token", async () => {
    const mine = new TokenService(KEY, 300, 600);
    const theirs = new TokenService("x".repeat(32), 300, 600);
    const issued = await theirs.issue(claims);
    expect(await mine.verifyAccess(issued.token)).toBeNull();
    const own = await mine.issue(claims);
    expect(await mine.verifyAccess(own.refresh_token)).toBeNull();
  });

  it("issues standard HS256 JWTs that jose verifies with the same key", async () => {
    const { token, refresh_token } = await new TokenService(KEY, 300, 600).issue(claims);
    const { payload, protectedHeader } = await jwtVerify(token, keyBytes, { algorithms: ["HS256"] });
    expect(protectedHeader).toEqual({ alg: "HS256" });
    expect(payload).toMatchObject({ d: claims, t: "AccessToken" });
    await expect(jwtVerify(refresh_token, keyBytes)).resolves.toBeTruthy();
  });

  it("refuses an expired token, but renewal still reads it", async () => {
    const tokens = new TokenService(KEY, 300, 600);
    const expired = await new SignJWT({ d: claims, t: "AccessToken", n: "1" })
      .setProtectedHeader({ alg: "HS256" })
      .setExpirationTime(nowS() - 1)
      .sign(keyBytes);
    expect(await tokens.verifyAccess(expired)).toBeNull();
    expect(await tokens.verifyAccessIgnoringExpiry(expired)).toEqual(claims);
  });

  it("refuses forged, altered and malformed tokens", async () => {
    const tokens = new TokenService(KEY, 300, 600);
    const { token } = await tokens.issue(claims);
    const [header, payload, signature] = token.split(".");
    const admin = Buffer.from(JSON.stringify({ d: { ...claims, is_admin: true }, t: "AccessToken", n: "1", exp: nowS() + 60 })).toString("base64url");
    const unsecured = new UnsecuredJWT({ d: claims, t: "AccessToken", n: "1" }).setExpirationTime(nowS() + 60).encode();
    // Same key and signature scheme, but a header this server never writes.
    const typed = await new SignJWT({ d: claims, t: "AccessToken", n: "1" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setExpirationTime(nowS() + 60)
      .sign(keyBytes);
    const refusals = [
      `${header}.${admin}.${signature}`, // payload changed, signature kept
      unsecured, // alg: none
      typed,
      `${header}.${payload}.`, // no signature
      `${header}.${payload}.${signature}x`,
      `${header}.${payload}`,
      `${token}.extra`,
      "",
      "not-a-token",
    ];
    for (const forged of refusals) {
      expect(await tokens.verifyAccess(forged), forged).toBeNull();
      expect(await tokens.verifyAccessIgnoringExpiry(forged), forged).toBeNull();
      expect(await tokens.verifyRefresh(forged), forged).toBeNull();
    }
  });

  it("verifyRefresh answers a refresh token's claims and expiry, and refuses an access token", async () => {
    const tokens = new TokenService(KEY, 300, 600);
    const { token, refresh_token } = await tokens.issue(claims);
    const refreshed = await tokens.verifyRefresh(refresh_token);
    expect(refreshed?.claims).toEqual(claims);
    expect(Math.abs((refreshed?.exp ?? 0) - (Date.now() + 600_000))).toBeLessThan(5_000);
    expect(await tokens.verifyRefresh(token)).toBeNull();
  });
});
