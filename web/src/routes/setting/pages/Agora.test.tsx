/** The Agora page: masked secrets kept unless retyped, the server's refusal shown, the usage report once the REST key is set. */
import { describe, expect, it } from "vitest";
import { SECRET_MASK } from "@parley/protocol";
import { adminConfigApi, renderApp, session, type RecordedCall } from "../../../test/render";

const STORED = {
  enabled: true,
  url: "https://api.agora.io",
  project_id: "proj",
  app_id: "0123456789abcdef0123456789abcdef",
  app_certificate: SECRET_MASK,
  rtm_key: "cust",
  rtm_secret: SECRET_MASK,
};
const USAGE = {
  usages: [
    { date: 1, usage: { duration_audio_all: 1200, duration_video_hd: 1, duration_video_hdp: 0 } },
    { date: 2, usage: { duration_audio_all: 34, duration_video_hd: 0, duration_video_hdp: 0 } },
  ],
};

function agoraApi(posts: RecordedCall[], stored: object = STORED, refuse?: string) {
  return {
    ...adminConfigApi("agora", stored, posts, refuse),
    "GET /api/admin/agora/usages": () => ({ body: USAGE }),
  };
}

describe("Agora (admin)", () => {
  it("saves the typed project with the masked secrets sent back, and shows the last 30 days' minutes", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/agora", storage: session(), api: agoraApi(posts) });
    const project = await app.findByTestId("agora-project-id");
    expect((app.getByTestId("agora-app-certificate") as HTMLInputElement).value).toBe(SECRET_MASK);
    expect(app.getAllByText("A secret is stored; leave this as it is to keep it.")).toHaveLength(2);
    const usage = await app.findByTestId("agora-usage");
    expect(usage.textContent).toContain("1,234 minutes");
    expect(usage.textContent).toContain("1 minute");
    await app.user.clear(project);
    await app.user.type(project, "proj-2");
    await app.user.click(app.getByTestId("agora-save"));
    await app.findByText("Saved.");
    expect(posts.map((p) => p.body)).toEqual([{ ...STORED, project_id: "proj-2" }]);
  });

  it("shows the server's refusal with what was typed kept; off, it asks for nothing and shows no usage", async () => {
    const posts: RecordedCall[] = [];
    const off = { ...STORED, enabled: false, app_certificate: "", rtm_secret: "", rtm_key: "" };
    const app = await renderApp({ route: "/setting/agora", storage: session(), api: agoraApi(posts, off, "an app id and an app certificate are needed to turn Agora on") });
    await app.findByTestId("agora-form");
    expect(app.queryByTestId("agora-usage")).toBeNull();
    await app.user.click(app.getByRole("switch", { name: "Use Agora for calls" }));
    await app.user.type(app.getByTestId("agora-app-certificate"), "fedcba9876543210fedcba9876543210");
    await app.user.click(app.getByTestId("agora-save"));
    expect((await app.findByRole("alert")).textContent).toContain("an app id and an app certificate are needed");
    expect((app.getByTestId("agora-app-certificate") as HTMLInputElement).value).toBe("fedcba9876543210fedcba9876543210");
    expect(posts[0].body).toMatchObject({ enabled: true, app_certificate: "fedcba9876543210fedcba9876543210" });
  });
});
