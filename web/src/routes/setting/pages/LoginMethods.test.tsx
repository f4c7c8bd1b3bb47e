/** The Login Methods page: the whole config posted on each change, the magic link held off while SMTP is. */
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LOGIN_CONFIG } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";

const STORED = { ...DEFAULT_LOGIN_CONFIG, oidc: [{ enable: false, favicon: "", domain: "id.example.com" }] };

function loginApi(posts: RecordedCall[], { smtp = false, refuse }: { smtp?: boolean; refuse?: string } = {}) {
  return {
    "GET /api/admin/login/config": () => ({ body: STORED }),
    "GET /api/admin/smtp/enabled": () => ({ body: smtp }),
    "POST /api/admin/login/config": (req: RecordedCall) => {
      posts.push(req);
      return refuse ? { status: 400, body: refuse } : { body: "" };
    },
  };
}

describe("Login Methods (admin)", () => {
  it("posts the whole config with the changed switch and confirms it", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/login_methods", storage: session(), api: loginApi(posts) });
    await app.user.click(await app.findByRole("switch", { name: "Guest mode" }));
    await app.findByText("Login methods saved");
    expect(posts.map((p) => p.body)).toEqual([{ ...STORED, guest: true }]);
    await app.user.click(app.getByRole("radio", { name: /Invitation only/ }));
    await app.findAllByText("Login methods saved");
    expect(posts[1].body).toMatchObject({ who_can_sign_up: "InvitationOnly" });
    await app.user.click(app.getByRole("switch", { name: "OIDC: id.example.com" }));
    await vi.waitFor(() => expect(posts).toHaveLength(3));
    expect((posts[2].body as typeof STORED).oidc).toEqual([{ enable: true, favicon: "", domain: "id.example.com" }]);
  });

  it("holds the magic link off with a hint while SMTP is off, and offers it once SMTP is on", async () => {
    const off = await renderApp({ route: "/setting/login_methods", storage: session(), api: loginApi([]) });
    await off.findByText("Needs e-mail: set up SMTP first.");
    expect(off.getByRole("switch", { name: "Magic link" })).toHaveProperty("disabled", true);
    const on = await renderApp({ route: "/setting/login_methods", storage: session(), api: loginApi([], { smtp: true }) });
    await on.findByText("Sign in through a link sent by e-mail.");
    expect(on.getByRole("switch", { name: "Magic link" })).toHaveProperty("disabled", false);
  });

  it("shows the server's refusal and puts the stored value back", async () => {
    const app = await renderApp({ route: "/setting/login_methods", storage: session(), api: loginApi([], { refuse: "failed to parse body.oidc: Too big" }) });
    await app.user.click(await app.findByRole("switch", { name: "GitHub" }));
    await app.findByText("failed to parse body.oidc: Too big");
    expect(app.getByRole("switch", { name: "GitHub" }).getAttribute("aria-checked")).toBe("false");
  });
});
