import { beforeEach, describe, expect, it, vi } from "vitest";
import * as jose from "jose";
import { TokenService } from "./tokens.js";

// The real jwtVerify, counted: a verified token must not be checked again from the cache.
vi.mock("jose", async (importOriginal) => {
  const original = await importOriginal<typeof jose>();
  return { ...original, jwtVerify: vi.fn(original.jwtVerify) };
});
const verify = vi.mocked(jose.jwtVerify);
beforeEach(() => {
  verify.mockClear();
});

const claims = { uid: 7, device: "web:1", is_admin: false, is_guest: false };

describe("TokenService.verifyAccess", () => {
  it("verifies a token's signature once and answers repeats from its cache", async () => {
    const tokens = new TokenService("k".repeat(32), 300, 600);
    const { token } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("remember: false (an event stream) verifies without filling the cache, but uses it", async () => {
    const tokens = new TokenService("k".repeat(32), 300, 600);
    const { token } = await tokens.issue(claims);
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(2);
    await tokens.verifyAccess(token); // a REST call remembers it
    expect(await tokens.verifyAccess(token, { remember: false })).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(3);
  });

  it("refuses a token signed with another key, and a refresh token", async () => {
    const mine = new TokenService("k".repeat(32), 300, 600);
    const theirs = new TokenService("x".repeat(32), 300, 600);
    const issued = await theirs.issue(claims);
    expect(await mine.verifyAccess(issued.token)).toBeNull();
    const own = await mine.issue(claims);
    expect(await mine.verifyAccess(own.refresh_token)).toBeNull();
  });
});
