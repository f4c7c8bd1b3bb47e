/**
 * Changing a channel's type from its settings, through the real app: making it private asks who
 * stays a member (everyone ticked to start with) and sends that list; making it public asks to
 * confirm.
 */
import { describe, expect, it, vi } from "vitest";
import { ME, renderApp, session } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const CAROL = { ...ME, uid: 3, email: "carol@example.com", name: "Carol Cook", is_admin: false };
const group = (isPublic: boolean) => ({
  gid: 1,
  owner: isPublic ? null : ME.uid,
  name: "launch",
  description: null,
  members: isPublic ? [] : [ME.uid, BOB.uid, CAROL.uid],
  is_public: isPublic,
  avatar_updated_at: 0,
  pinned_messages: [],
});

async function openSettings(isPublic: boolean) {
  const app = await renderApp({
    route: "/setting/channel/1/overview",
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME, BOB, CAROL] }),
      "POST /api/group/1/change_type": () => ({ body: "" }),
    },
  });
  await app.openStream({ type: "related_groups", groups: [group(isPublic)] });
  await app.findByTestId("channel-settings");
  return app;
}

describe("channel type", () => {
  it("making a channel private picks the members to keep; the unticked are left out", async () => {
    const app = await openSettings(true);
    await app.user.click(app.getByRole("button", { name: "Make private" }));
    const dialog = await app.findByRole("dialog");
    const { within } = app.rtl;
    const boxes = within(dialog).getAllByRole("checkbox");
    expect(boxes.map((b) => [b.textContent?.includes("Bob") ? "Bob" : "Carol", b.getAttribute("aria-checked")])).toEqual([
      ["Bob", "true"],
      ["Carol", "true"],
    ]);
    // Me and the two others.
    within(dialog).getByRole("button", { name: "Make private · 3 members" });
    await app.user.click(within(dialog).getByRole("checkbox", { name: /Carol Cook/ }));
    await app.user.click(within(dialog).getByRole("button", { name: "Make private · 2 members" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/change_type")).toHaveLength(1));
    expect(app.callsTo("POST", "/api/group/1/change_type")[0].body).toEqual({ is_public: false, members: [BOB.uid] });
    await vi.waitFor(() => expect(app.queryByRole("dialog")).toBeNull());
  });

  it("Clear keeps only the caller; making it public again asks to confirm", async () => {
    const app = await openSettings(true);
    await app.user.click(app.getByRole("button", { name: "Make private" }));
    const dialog = await app.findByRole("dialog");
    const { within } = app.rtl;
    await app.user.click(within(dialog).getByRole("button", { name: "Clear" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Make private · 1 member" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/change_type")[0]?.body).toEqual({ is_public: false, members: [] }));

    const priv = await openSettings(false);
    await priv.user.click(priv.getByRole("button", { name: "Make public" }));
    const confirm = await priv.findByRole("dialog");
    expect(confirm.textContent).toContain("Everyone on the server will be able to see it and its history.");
    await priv.user.click(priv.rtl.within(confirm).getByRole("button", { name: "Make public" }));
    await vi.waitFor(() => expect(priv.callsTo("POST", "/api/group/1/change_type")[0]?.body).toEqual({ is_public: true }));
  });
});
