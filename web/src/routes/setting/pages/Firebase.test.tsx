/** The Firebase page: the stored private key stays masked and is kept unless retyped; a refusal is shown with the typed fields kept. */
import { describe, expect, it, vi } from "vitest";
import { SECRET_MASK } from "@parley/protocol";
import { adminConfigApi, renderApp, session, type RecordedCall } from "../../../test/render";

const STORED = { enabled: true, use_official: false, token_url: null, send_url: null, project_id: "parley-1234", client_email: "fcm@parley-1234.iam.gserviceaccount.com", private_key: SECRET_MASK };

const fcmApi = (posts: RecordedCall[], refuse?: string) => adminConfigApi("fcm", STORED, posts, refuse);

describe("Firebase (admin)", () => {
  it("saves the typed project with the masked key sent back, so the stored key is kept", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/firebase", storage: session(), api: fcmApi(posts) });
    const project = await app.findByTestId("fcm-project-id");
    app.getByText("A private key is stored; leave this as it is to keep it.");
    expect((app.getByTestId("fcm-private-key") as HTMLTextAreaElement).value).toBe(SECRET_MASK);
    await app.user.clear(project);
    await app.user.type(project, "parley-5678");
    await app.user.type(app.getByTestId("fcm-token-url"), "http://127.0.0.1:9999/token");
    await app.user.click(app.getByTestId("fcm-save"));
    await app.findByText("Saved.");
    expect(posts.map((p) => p.body)).toEqual([{ ...STORED, project_id: "parley-5678", token_url: "http://127.0.0.1:9999/token" }]);
  });

  it("shows the server's refusal and keeps a newly typed key", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/firebase", storage: session(), api: fcmApi(posts, "failed to parse body.private_key: not a PEM private key") });
    const key = await app.findByTestId("fcm-private-key");
    await app.user.clear(key);
    await app.user.type(key, "not a key");
    await app.user.click(app.getByTestId("fcm-save"));
    expect((await app.findByRole("alert")).textContent).toContain("not a PEM private key");
    expect((app.getByTestId("fcm-private-key") as HTMLTextAreaElement).value).toBe("not a key");
    expect(posts[0].body).toMatchObject({ private_key: "not a key", token_url: null });
  });

  it("with the official relay, the service-account fields are not asked for", async () => {
    const app = await renderApp({ route: "/setting/firebase", storage: session(), api: { "GET /api/admin/fcm/config": () => ({ body: { ...STORED, use_official: true } }) } });
    await app.findByText("Nothing is sent while the official relay is chosen. Turn it off to enter your own project's service account.");
    expect(app.queryByTestId("fcm-project-id")).toBeNull();
    await app.user.click(app.getByRole("switch", { name: "Use the official relay" }));
    await vi.waitFor(() => expect((app.getByTestId("fcm-project-id") as HTMLInputElement).value).toBe("parley-1234"));
  });
});
