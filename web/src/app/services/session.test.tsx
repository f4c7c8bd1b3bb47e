/**
 * Session renewal (docs/ARCHITECTURE.md "Client rules"): a token within 20 s of expiry is renewed (`POST /api/token/renew`
 * with token and refresh token) before the call, which then goes out with the new token; callers
 * at the same time share one renewal; a failed renewal, a 401 or a 451 ends the session.
 */
import { describe, expect, it, vi } from "vitest";
import { FakeEventSource, renderApp, session, type Handler } from "../../test/render";

const renewed: Handler = () => ({ body: { token: "tok-2", refresh_token: "refresh-tok-2", expired_in: 300 } });

describe("session renewal", () => {
  it("renews a token about to expire once for all callers, then makes the calls with the new token", async () => {
    const app = await renderApp({ route: "/users", storage: session(10_000), api: { "POST /api/token/renew": renewed } });
    await app.findByText("Your team");
    await app.findByRole("link", { name: /Ada Admin/ });

    const renew = app.callsTo("POST", "/api/token/renew");
    expect(renew).toHaveLength(1);
    expect(renew[0].body).toEqual({ token: "tok-1", refresh_token: "refresh-tok-1" });
    const users = app.callsTo("GET", "/api/user");
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((c) => c.headers["x-api-key"] === "tok-2")).toBe(true);
    expect(app.calls.indexOf(renew[0])).toBeLessThan(app.calls.indexOf(users[0]));
    // Nothing went out with the old token; the event stream opened with the new one.
    expect(app.calls.filter((c) => c.headers["x-api-key"] === "tok-1")).toEqual([]);
    await vi.waitFor(() => expect(FakeEventSource.last()?.url).toContain("api-key=tok-2"));

    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBe("tok-2");
    expect(localStorage.getItem("VOCECHAT_REFRESH_TOKEN")).toBe("refresh-tok-2");
    expect(Number(localStorage.getItem("VOCECHAT_TOKEN_EXPIRE"))).toBeGreaterThan(Date.now() + 250_000);
  });

  it("does not renew a token that is still good", async () => {
    const app = await renderApp({ route: "/users", storage: session(120_000), api: { "POST /api/token/renew": renewed } });
    await app.findByRole("link", { name: /Ada Admin/ });
    expect(app.callsTo("POST", "/api/token/renew")).toHaveLength(0);
    expect(app.callsTo("GET", "/api/user")[0].headers["x-api-key"]).toBe("tok-1");
  });

  it("never sends the token to the public endpoints", async () => {
    const app = await renderApp({ route: "/users", storage: session(120_000) });
    await app.findByRole("link", { name: /Ada Admin/ });
    for (const path of ["/api/admin/system/initialized", "/api/admin/login/config", "/api/admin/system/organization", "/api/admin/system/version"]) {
      const calls = app.callsTo("GET", path);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((c) => !c.headers["x-api-key"])).toBe(true);
    }
  });

  it("ends the session when the renewal is refused", async () => {
    const app = await renderApp({ route: "/users", storage: session(5_000), api: { "POST /api/token/renew": () => ({ status: 401, body: "expired" }) } });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(app.path()).toBe("/login");
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();
  });

  it("ends the session on a 401, and on a 451 with the server's text", async () => {
    const a = await renderApp({ route: "/users", storage: session(), api: { "GET /api/user": () => ({ status: 401, body: "who are you" }) } });
    await a.findByRole("heading", { name: "Sign in to Testbed" });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();

    const b = await renderApp({ route: "/users", storage: session(), api: { "GET /api/user": () => ({ status: 451, body: "License expired" }) } });
    await b.findByRole("heading", { name: "Sign in to Testbed" });
    await b.findByText("License expired");
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();
  });
});
