/** The License page: the community license, an installed one near its limit, checking and installing, refusals in words. */
import { describe, expect, it } from "vitest";
import { LICENSE_UNLIMITED, type LicenseReply } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";

const COMMUNITY: LicenseReply = {
  domains: ["*"],
  user_limit: LICENSE_UNLIMITED,
  created_at: "1970-01-01T00:00:00Z",
  expired_at: "9999-12-31T23:59:59Z",
  sign: true,
  base58: "",
  installed: false,
  user_count: 3,
  problem: null,
};
const SIGNED: LicenseReply = {
  domains: ["chat.example.com"],
  user_limit: 10,
  created_at: "2026-01-01T00:00:00Z",
  expired_at: "2030-06-30T00:00:00Z",
  sign: true,
  base58: "3yZe7d",
  installed: false,
  user_count: 3,
  problem: null,
};

function licenseApi(calls: RecordedCall[], current: { license: LicenseReply }, check: (req: RecordedCall) => { status?: number; body: unknown }) {
  return {
    "GET /api/license": () => ({ body: current.license }),
    "POST /api/license/check": (req: RecordedCall) => (calls.push(req), check(req)),
    "PUT /api/license": (req: RecordedCall) => {
      calls.push(req);
      current.license = { ...SIGNED, installed: true };
      return { body: true };
    },
  };
}

describe("License (admin)", () => {
  it("shows the community license: no limit, any domain, free software; checks a pasted license, then installs it", async () => {
    const calls: RecordedCall[] = [];
    const current = { license: COMMUNITY };
    const app = await renderApp({ route: "/setting/license", storage: session(), api: licenseApi(calls, current, () => ({ body: SIGNED })) });
    expect((await app.findByTestId("license-kind")).textContent).toContain("Community (free software)");
    expect(app.getByTestId("license-users").textContent).toBe("3 users · no limit");
    expect(app.getByTestId("license-domains").textContent).toBe("Any domain");
    app.getByText(/Parley is free software/);
    expect(app.getByTestId("license-install")).toHaveProperty("disabled", true);

    await app.user.type(app.getByLabelText("License string"), "  3yZe7d ");
    await app.user.click(app.getByRole("button", { name: "Check" }));
    await app.findByText("This license is valid for this server and ready to install.");
    expect(app.getByTestId("license-checked").textContent).toContain("Up to 10 users");
    expect(app.getByTestId("license-checked").textContent).toContain("chat.example.com");
    expect(app.getByTestId("license-checked").textContent).toContain("June 30, 2030");
    await app.user.click(app.getByRole("button", { name: "Install license" }));
    await app.findByText("License installed.");
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", "/api/license/check", { license: "3yZe7d" }],
      ["PUT", "/api/license", { license: "3yZe7d" }],
    ]);
    // The page reads the license again: now the installed one.
    await app.findByText("Installed license");
    expect(app.getByTestId("license-users").textContent).toBe("3 of 10");
    expect(app.getByTestId("license-expires").textContent).toBe("June 30, 2030");
  });

  it("an installed license at its limit says new accounts are refused; an expired one says so", async () => {
    const current = { license: { ...SIGNED, installed: true, user_count: 10, problem: "Expired.", expired_at: "2026-02-01T00:00:00Z" } };
    const app = await renderApp({ route: "/setting/license", storage: session(), api: licenseApi([], current, () => ({ body: SIGNED })) });
    expect((await app.findByTestId("license-full")).textContent).toContain("This server has 10 accounts");
    app.getByText("This license expired on February 1, 2026.");
    expect(app.getByRole("meter", { name: "Users" }).getAttribute("aria-valuenow")).toBe("10");
  });

  it("says in words why a license cannot be installed: its problem, not a license, no key on the server", async () => {
    const answers = [
      { body: { ...SIGNED, problem: "Domain incorrect." } },
      { status: 400, body: "License error: the license could not be read." },
      { status: 409, body: "License error: this server has no LICENSE_PUBLIC_KEY to verify licenses with." },
    ];
    const app = await renderApp({ route: "/setting/license", storage: session(), api: licenseApi([], { license: COMMUNITY }, () => answers.shift() ?? { body: SIGNED }) });
    const input = await app.findByLabelText("License string");
    await app.user.type(input, "abc");
    await app.user.click(app.getByRole("button", { name: "Check" }));
    expect((await app.findByRole("alert")).textContent).toContain("This license is for chat.example.com, not for this server's address.");
    expect(app.getByTestId("license-install")).toHaveProperty("disabled", true);
    await app.user.click(app.getByRole("button", { name: "Check" }));
    await app.findByText(/This is not a license string/);
    await app.user.click(app.getByRole("button", { name: "Check" }));
    await app.findByText(/its operator has not set LICENSE_PUBLIC_KEY/);
  });
});

describe("Members (admin) and the license", () => {
  it("says the user limit is reached above the member list, with the way to the License page; nothing while there is room", async () => {
    const full = { license: { ...SIGNED, installed: true, user_count: 10 } };
    const app = await renderApp({ route: "/setting/members", storage: session(), api: licenseApi([], full, () => ({ body: SIGNED })) });
    expect((await app.findByTestId("members-limit")).textContent).toContain("This server has 10 accounts, as many as its license allows");
    await app.user.click(app.getByRole("link", { name: "Open License" }));
    await app.findByTestId("license-full");

    const room = await renderApp({ route: "/setting/members", storage: session(), api: licenseApi([], { license: { ...SIGNED, installed: true, user_count: 9 } }, () => ({ body: SIGNED })) });
    await room.findByTestId("member-list");
    expect(room.queryByTestId("members-limit")).toBeNull();
  });
});
