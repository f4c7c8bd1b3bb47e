/** The visitor policy as a pure function: the widget's routes, the send to its own host, nothing else. */
import { describe, expect, it } from "vitest";
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
