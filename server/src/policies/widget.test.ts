/** The visitor policy as a pure function: the widget's routes, the send to its own host, nothing else. */
import { describe, expect, it } from "vitest";
import { userRow } from "../test/rows.js";
import { visitorPolicy } from "./widget.js";

describe("visitorPolicy.mayCall", () => {
  const host = 7;
  it("allows the widget's own routes and the send to its host", () => {
    expect(visitorPolicy.mayCall("/api/widget/messages", {}, host, false)).toEqual({ ok: true });
    expect(visitorPolicy.mayCall("/api/widget/events", {}, host, false)).toEqual({ ok: true });
    expect(visitorPolicy.mayCall("/api/user/:uid/send", { uid: "7" }, host, false)).toEqual({ ok: true });
  });

  it("refuses a send to anyone else, every other route, and everything once blocked", () => {
    expect(visitorPolicy.mayCall("/api/user/:uid/send", { uid: "8" }, host, false)).toMatchObject({ ok: false, status: 403, text: "visitors may only write to the widget's host" });
    for (const route of ["/api/user", "/api/group", "/api/user/:uid/history", "/api/group/:gid/send", "/api/admin/widget/config", ""]) {
      expect(visitorPolicy.mayCall(route, {}, host, false), route).toMatchObject({ ok: false, status: 403, text: "visitors can only use the widget" });
    }
    expect(visitorPolicy.mayCall("/api/user/:uid/send", { uid: "7" }, host, true)).toMatchObject({ ok: false, text: "this visitor is blocked" });
  });
});

describe("visitorPolicy.hostOf: whom a widget session talks to", () => {
  const visitor = userRow({ uid: 20, create_by: "widget", widget_id: "7", email: null, password_hash: null });
  const member = userRow({ uid: 5 });
  it.each([
    ["an anonymous visitor on `widget`", visitor, "widget", 7],
    ["a visitor on its own host's `widget:7`", visitor, "widget:7", 7],
    ["a visitor on another host's device", visitor, "widget:8", null],
    ["a member on `widget:7`", member, "widget:7", 7],
    ["a member on `widget` (no host named)", member, "widget", null],
    ["a member on its own widget", member, "widget:5", null],
    ["a guest", userRow({ create_by: "guest" }), "widget:7", null],
    ["a bot", userRow({ is_bot: 1 }), "widget:7", null],
    ["a malformed device", member, "widget:07", null],
    ["a web device", member, "web:abc", null],
  ] as const)("%s → %s", (_, user, device, expected) => {
    expect(visitorPolicy.hostOf(user, device)).toBe(expected);
  });
});
