/** The route guard (docs/ARCHITECTURE.md "Client rules"), through the real router, store and boot calls. */
import { describe, expect, it } from "vitest";
import { ME, renderApp, session } from "../test/render";

const LOGIN = { server_id: "srv-1", token: "tok-new", refresh_token: "refresh-new", expired_in: 300, user: ME };

/** Signs in as Ada with `password` on the login page the app shows. */
async function signIn(app: Awaited<ReturnType<typeof renderApp>>, password: string) {
  await app.findByRole("heading", { name: "Sign in to Testbed" });
  await app.user.type(app.getByLabelText("Email"), "ada@example.com");
  await app.user.type(app.getByLabelText("Password"), password);
  await app.user.click(app.getByRole("button", { name: "Sign in" }));
}

describe("route guard", () => {
  it("sends a visitor without a session to /login and remembers the path", async () => {
    const app = await renderApp({ route: "/chat/channel/3" });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(app.path()).toBe("/login");
    expect(localStorage.getItem("VOCECHAT_TRY_PATH")).toBe("/chat/channel/3");
  });

  it("stores the my_account settings page as /", async () => {
    const app = await renderApp({ route: "/setting/my_account" });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(localStorage.getItem("VOCECHAT_TRY_PATH")).toBe("/");
  });

  it("goes to the onboarding while the server is not initialized", async () => {
    const app = await renderApp({ route: "/login", api: { "GET /api/admin/system/initialized": () => ({ body: false }) } });
    await app.findByRole("heading", { name: "Welcome to Parley" });
    expect(app.path()).toBe("/onboarding");
  });

  it("treats a failed initialized check as initialized", async () => {
    const app = await renderApp({ route: "/login", api: { "GET /api/admin/system/initialized": () => ({ status: 500, body: "boom" }) } });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(app.path()).toBe("/login");
  });

  it("sends logged-out visitors of guest paths to /guest_login when guest mode is on", async () => {
    const app = await renderApp({
      route: "/chat",
      api: {
        "GET /api/admin/login/config": () => ({ body: { who_can_sign_up: "EveryOne", guest: true, password: true, magic_link: false, google: false, github: false, oidc: [], metamask: false, third_party: false } }),
        "GET /api/token/login_guest": () => ({ status: 403, body: "guest mode is off" }),
      },
    });
    await app.findByRole("heading", { name: "Guest access is not available" });
    expect(app.path()).toBe("/guest_login");
    // The path is remembered for after the sign-in.
    expect(localStorage.getItem("VOCECHAT_TRY_PATH")).toBe("/chat");
  });

  it("signs in and returns to the remembered path once", async () => {
    const app = await renderApp({
      route: "/users",
      api: { "POST /api/token/login": () => ({ body: LOGIN }) },
    });
    await signIn(app, "secret-1");
    await app.findByText("Your team");
    expect(app.path()).toBe("/users");
    expect(app.callsTo("POST", "/api/token/login")[0].body).toMatchObject({
      credential: { type: "password", email: "ada@example.com", password: "secret-1" },
      device: expect.stringMatching(/^web:/),
    });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBe("tok-new");
    expect(localStorage.getItem("VOCECHAT_TRY_PATH")).toBeNull();
  });

  it("keeps a wrong password on the login page with the spec's toast", async () => {
    const app = await renderApp({ route: "/login", api: { "POST /api/token/login": () => ({ status: 401, body: "bad credentials" }) } });
    await signIn(app, "wrong");
    await app.findByText("Username or Password incorrect");
    expect(app.path()).toBe("/login");
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();
  });

  it("sends a signed-in member away from the login pages, and a guest away from member pages", async () => {
    const app = await renderApp({ route: "/login", storage: session() });
    await app.findByText("Welcome to Testbed");
    expect(app.path()).toBe("/");

    const guest = { ...ME, uid: 9, name: "User123456", create_by: "guest", email: null };
    const g = await renderApp({ route: "/setting", storage: { ...session(), VOCECHAT_LOGIN_USER: JSON.stringify(guest) } });
    await g.findByText("You are browsing as a guest. Sign in to take part.");
    expect(g.path()).toBe("/");
  });

  it("shows the plain 404 page for other paths", async () => {
    const app = await renderApp({ route: "/no/such/page" });
    await app.findByRole("heading", { name: "404 page" });
  });
});
