/** Third-party Login: the GitHub secret stays masked and the mask is sent back; an OIDC provider is added with the whole login config. */
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_LOGIN_CONFIG, SECRET_MASK } from "@parley/protocol";
import { renderApp, session, type RecordedCall } from "../../../test/render";

function api(posts: RecordedCall[]) {
  return {
    "GET /api/admin/login/config": () => ({ body: DEFAULT_LOGIN_CONFIG }),
    "GET /api/admin/google_auth/config": () => ({ body: { client_id: "g-client" } }),
    "GET /api/admin/github_auth/config": () => ({ body: { client_id: "gh-client", client_secret: SECRET_MASK } }),
    "POST /api/admin/github_auth/config": (req: RecordedCall) => {
      posts.push(req);
      return { body: "" };
    },
    "POST /api/admin/login/config": (req: RecordedCall) => {
      posts.push(req);
      return { body: "" };
    },
  };
}

describe("Third-party Login (admin)", () => {
  it("saves GitHub's client id with the masked secret, which keeps the stored one", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/third_party", storage: session(), api: api(posts) });
    const id = await app.findByTestId("github-client-id");
    await app.findByText("A secret is stored; leave this as it is to keep it.");
    await app.user.clear(id);
    await app.user.type(id, "gh-new");
    await app.user.click(app.getByTestId("github-save"));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ client_id: "gh-new", client_secret: SECRET_MASK });
  });

  it("adds an OIDC provider: the domain comes from the issuer, the whole login config is posted", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/third_party", storage: session(), api: api(posts) });
    await app.user.click(await app.findByTestId("oidc-add"));
    await app.user.type(app.getByTestId("oidc-issuer"), "https://sso.example.com/realms/team/");
    await app.user.type(app.getByTestId("oidc-client-id"), "parley");
    await app.user.type(app.getByTestId("oidc-client-secret"), "s3cret");
    await app.user.click(app.getByTestId("oidc-form-save"));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      ...DEFAULT_LOGIN_CONFIG,
      oidc: [{ enable: true, favicon: "", domain: "sso.example.com/realms/team", issuer: "https://sso.example.com/realms/team", client_id: "parley", client_secret: "s3cret" }],
    });
  });

  it("lists every redirect URI to register, the website widget's popup included", async () => {
    const app = await renderApp({ route: "/setting/third_party", storage: session(), api: api([]) });
    await app.findByTestId("oidc-add");
    const origin = window.location.origin;
    await vi.waitFor(() =>
      expect(app.getAllByTestId("copy-value").map((e) => (e as HTMLInputElement).value)).toEqual([
        `${origin}/`,
        `${origin}/cb/google/widget`,
        `${origin}/cb/github`,
        `${origin}/cb/oidc/login`,
        `${origin}/cb/oidc/bind`,
        `${origin}/cb/oidc/widget`,
      ]),
    );
    expect(app.getByLabelText("Authorized redirect URI for the website widget")).toHaveProperty("value", `${origin}/cb/google/widget`);
  });
});
