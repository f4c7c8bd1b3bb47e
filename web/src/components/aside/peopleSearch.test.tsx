/**
 * The people pickers search the server (`POST /user/search`) when `search_user_enable` is on,
 * merging the person found with the local matches; with it off they filter locally and never ask.
 * Through the real app: the new-DM picker of the home page and the add-members picker of a
 * channel's members page. Also `searchOf`, which picks the search type.
 */
import { describe, expect, it, vi } from "vitest";
import { ME, renderApp, session, type Handler } from "../../test/render";
import { searchOf } from "./usePeopleSearch";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
/** Someone the server knows and this client's directory does not (yet). */
const DORA = { ...ME, uid: 4, email: "dora@example.com", name: "Dora Explorer", is_admin: false };

async function open(route: string, searchEnabled: boolean, api: Record<string, Handler> = {}) {
  const app = await renderApp({
    route,
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME, BOB] }),
      "GET /api/admin/system/common": () => ({ body: { search_user_enable: searchEnabled } }),
      "POST /api/user/search": (req) => ((req.body as { keyword: string }).keyword === DORA.email ? { body: DORA } : { status: 404, body: "Not found, or this user is not allowed to be searched." }),
      ...api,
    },
  });
  await app.openStream({
    type: "related_groups",
    groups: [{ gid: 1, owner: ME.uid, name: "launch", description: null, members: [ME.uid], is_public: false, avatar_updated_at: 0, pinned_messages: [] }],
  });
  return app;
}

describe("searchOf", () => {
  it("an id, an e-mail or a name", () => {
    expect(searchOf("42")).toEqual({ search_type: "id", keyword: "42" });
    expect(searchOf("dora@example.com")).toEqual({ search_type: "email", keyword: "dora@example.com" });
    expect(searchOf("Dora Explorer")).toEqual({ search_type: "name", keyword: "Dora Explorer" });
  });
});

describe("new-DM picker", () => {
  it("with user search on, the person the server finds joins the list", async () => {
    const app = await open("/", true);
    await app.user.click(await app.findByRole("button", { name: /Send a direct message/ }));
    const dialog = await app.findByRole("dialog");
    await app.user.type(app.rtl.within(dialog).getByLabelText("Search people"), DORA.email);
    const list = app.rtl.within(dialog).getByRole("list", { name: "People" });
    await vi.waitFor(() => expect(list.textContent).toContain("Dora Explorer"));
    expect(list.textContent).toContain("Found on the server");
    expect(app.callsTo("POST", "/api/user/search").at(-1)?.body).toEqual({ search_type: "email", keyword: DORA.email });
  });

  it("with user search off, only the local directory is filtered and the server is not asked", async () => {
    const app = await open("/", false);
    await app.user.click(await app.findByRole("button", { name: /Send a direct message/ }));
    const dialog = await app.findByRole("dialog");
    await app.user.type(app.rtl.within(dialog).getByLabelText("Search people"), "bob");
    const list = app.rtl.within(dialog).getByRole("list", { name: "People" });
    expect(list.textContent).toContain("Bob Builder");
    await new Promise((r) => setTimeout(r, 400));
    expect(app.callsTo("POST", "/api/user/search")).toHaveLength(0);
  });
});

describe("add-members picker", () => {
  it("with user search on, a person found on the server can be ticked and added", async () => {
    const app = await open("/setting/channel/1/members", true, { "POST /api/group/1/members/add": () => ({ body: "" }) });
    await app.user.click(await app.findByRole("button", { name: "Add members" }));
    const dialog = await app.findByRole("dialog");
    await app.user.type(app.rtl.within(dialog).getByRole("searchbox"), DORA.email);
    await app.user.click(await app.rtl.within(dialog).findByRole("checkbox", { name: /Dora Explorer/ }));
    await app.user.click(app.rtl.within(dialog).getByTestId("add-members-submit"));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/members/add")[0]?.body).toEqual([DORA.uid]));
  });
});
