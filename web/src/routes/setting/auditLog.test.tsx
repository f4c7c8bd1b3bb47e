/** The audit log on the Data Management page: entries in words, the category filter, paging. */
import { describe, expect, it } from "vitest";
import type { AuditLogEntry } from "@parley/protocol";
import { ME, renderApp, session, type RecordedCall } from "../../test/render";
import { detailText } from "./AuditLog";

const BOB = { ...ME, uid: 2, name: "Bob Builder", email: "bob@example.com", is_admin: false };

const entry = (id: number, action: AuditLogEntry["action"], extra: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  created_at: Date.UTC(2026, 10, 25, 9, 30) + id,
  actor_uid: ME.uid,
  action,
  target_uid: null,
  target_gid: null,
  detail: {},
  ip: "192.0.2.7",
  ...extra,
});

/** 50 entries on the first page (a full page: "Load more"), 1 on the second. */
function auditApi(requests: RecordedCall[]) {
  return {
    "GET /api/user": () => ({ body: [ME, BOB] }),
    "GET /api/admin/audit_log": (req: RecordedCall) => {
      requests.push(req);
      const q = new URL(req.url, "http://x").searchParams;
      if (q.get("action") === "auth") return { body: [entry(7, "auth.rate_limited", { actor_uid: null, detail: { limit: "login", by: "email", email: "bob@example.com" } })] };
      if (q.get("before")) return { body: [entry(1, "admin.created", { target_uid: ME.uid })] };
      const page = [
        entry(100, "user.role_changed", { target_uid: BOB.uid, detail: { is_admin: true } }),
        entry(99, "settings.common", { detail: { changed: { show_user_online_status: false } } }),
        ...Array.from({ length: 48 }, (_, i) => entry(98 - i, "user.frozen", { target_uid: BOB.uid })),
      ];
      return { body: page };
    },
  };
}

describe("the audit log (Data Management)", () => {
  it("lists entries in words with actor, target and details, and pages with before", async () => {
    const requests: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: auditApi(requests) });
    const rows = await app.findAllByTestId("audit-entry");
    expect(rows).toHaveLength(50);
    expect(rows[0].textContent).toContain("Ada Admin changed the role of Bob Builder");
    expect(rows[0].textContent).toContain("admin: yes");
    expect(rows[0].textContent).toContain("192.0.2.7");
    expect(rows[1].textContent).toContain("changed the server settings");
    // A field without its own word reads with spaces for underscores.
    expect(rows[1].textContent).toContain("show user online status: no");

    await app.user.click(app.getByTestId("audit-more"));
    await app.findByText("set up the server as its first admin", { exact: false });
    expect(app.getAllByTestId("audit-entry")).toHaveLength(51);
    expect(new URL(requests[requests.length - 1].url, "http://x").searchParams.get("before")).toBe("51");
    // A short page: nothing more to load.
    expect(app.queryByTestId("audit-more")).toBeNull();
  });

  it("filters by category, and shows a sign-in event by nobody", async () => {
    const requests: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: auditApi(requests) });
    await app.findAllByTestId("audit-entry");
    await app.user.selectOptions(app.getByTestId("audit-filter"), "auth");
    await app.findByText("went over a sign-in limit", { exact: false });
    const rows = app.getAllByTestId("audit-entry");
    expect(rows).toHaveLength(1);
    expect(rows[0].textContent).toContain("Someone not signed in");
    expect(new URL(requests[requests.length - 1].url, "http://x").searchParams.get("action")).toBe("auth");
  });

  it("shows an empty state when nothing was recorded", async () => {
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: { "GET /api/admin/audit_log": () => ({ body: [] }) } });
    await app.findByText("Nothing recorded yet");
  });

  it("sums up details without secrets' values", () => {
    expect(detailText({ changed: { host: "smtp.example.com", port: 465 }, password_changed: true })).toBe("host: smtp.example.com · port: 465 · password_changed: true");
    expect(detailText({})).toBe("");
  });
});
