import { describe, expect, it } from "vitest";
import { decideRoute } from "./guard";

const base = { initialized: true, token: false, guest: false } as const;

describe("decideRoute", () => {
  it("waits for the initialized check", () => {
    expect(decideRoute({ ...base, initialized: undefined, path: "/chat" })).toEqual({ kind: "loading" });
  });

  it("sends everything to onboarding until the server is initialized", () => {
    expect(decideRoute({ ...base, initialized: false, path: "/" })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decideRoute({ ...base, initialized: false, path: "/login" })).toEqual({ kind: "redirect", to: "/onboarding" });
    expect(decideRoute({ ...base, initialized: false, path: "/onboarding" })).toEqual({ kind: "allow" });
  });

  it("leaves onboarding once initialized", () => {
    expect(decideRoute({ ...base, path: "/onboarding" })).toEqual({ kind: "redirect", to: "/login" });
    expect(decideRoute({ ...base, token: true, path: "/onboarding" })).toEqual({ kind: "redirect", to: "/" });
  });

  it("remembers the path and goes to login without a token", () => {
    expect(decideRoute({ ...base, path: "/chat/channel/3" })).toEqual({ kind: "redirect", to: "/login", remember: "/chat/channel/3" });
    expect(decideRoute({ ...base, path: "/setting/my_account" })).toEqual({ kind: "redirect", to: "/login", remember: "/" });
    expect(decideRoute({ ...base, path: "/chat", guestMode: true })).toEqual({ kind: "redirect", to: "/guest_login", remember: "/chat" });
    expect(decideRoute({ ...base, path: "/setting", guestMode: true })).toEqual({ kind: "redirect", to: "/login", remember: "/setting" });
  });

  it("lets a logged-in user in, and sends a guest home from other paths", () => {
    expect(decideRoute({ ...base, token: true, path: "/chat/dm/2" })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, token: true, guest: true, path: "/chat/channel/1" })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, token: true, guest: true, path: "/setting" })).toEqual({ kind: "redirect", to: "/" });
  });

  it("redirects login pages when logged in, to the remembered path once", () => {
    expect(decideRoute({ ...base, path: "/login" })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, token: true, path: "/login" })).toEqual({ kind: "redirect", to: "/" });
    expect(decideRoute({ ...base, token: true, path: "/login", tryPath: "/chat/channel/3" })).toEqual({ kind: "redirect", to: "/chat/channel/3" });
    // Reaching it consumes it.
    expect(decideRoute({ ...base, token: true, path: "/chat/channel/3", tryPath: "/chat/channel/3" })).toEqual({ kind: "allow", clearTryPath: true });
    expect(decideRoute({ ...base, token: true, guest: true, path: "/login" })).toEqual({ kind: "allow" });
  });

  it("does not guard other paths (404, callbacks)", () => {
    expect(decideRoute({ ...base, initialized: undefined, path: "/no/such/page" })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, path: "/cb/github/webapp" })).toEqual({ kind: "allow" });
  });

  it("asks for a sign-in before a private-channel invite, keeping its magic token", () => {
    const path = "/invite_private/3?magic_token=abc";
    expect(decideRoute({ ...base, path })).toEqual({ kind: "redirect", to: "/login", remember: path });
    expect(decideRoute({ ...base, token: true, path })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, token: true, guest: true, path })).toEqual({ kind: "redirect", to: "/" });
  });

  it("sends signed-in members away from the mobile invite", () => {
    expect(decideRoute({ ...base, path: "/invite_mobile/tok" })).toEqual({ kind: "allow" });
    expect(decideRoute({ ...base, token: true, path: "/invite_mobile/tok" })).toEqual({ kind: "redirect", to: "/" });
  });

  it("keeps the onboarding open while the wizard runs", () => {
    expect(decideRoute({ ...base, token: true, path: "/onboarding", setupInProgress: true })).toEqual({ kind: "allow" });
  });
});
