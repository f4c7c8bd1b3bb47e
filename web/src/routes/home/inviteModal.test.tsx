/**
 * The invite-people modal, through the real app: a link made for a week and no use limit to
 * start with, a new one for each choice of expiry and number of uses, shown with a Copy button.
 */
import { describe, expect, it, vi } from "vitest";
import { renderApp, session } from "../../test/render";

describe("invite modal", () => {
  it("asks for a link with the chosen expiry and max uses and shows it to copy", async () => {
    let n = 0;
    const app = await renderApp({
      route: "/",
      storage: session(),
      api: { "GET /api/group/create_reg_magic_link": () => ({ body: `http://chat.example/?magic_token=t${++n}#/register` }) },
    });
    await app.openStream();
    await app.user.click(await app.findByRole("button", { name: /Invite friends/ }));
    const dialog = await app.findByRole("dialog");
    const { within } = app.rtl;
    const link = (await within(dialog).findByLabelText("Invitation link")) as HTMLInputElement;
    expect(link.value).toBe("http://chat.example/?magic_token=t1#/register");
    expect(app.callsTo("GET", "/api/group/create_reg_magic_link")[0].url).toBe("/api/group/create_reg_magic_link?expired_in=604800&max_times=10000000");
    within(dialog).getByRole("button", { name: "Copy" });

    await app.user.selectOptions(within(dialog).getByLabelText("Max number of uses"), "1 use");
    await vi.waitFor(() => expect(app.callsTo("GET", "/api/group/create_reg_magic_link").at(-1)?.url).toBe("/api/group/create_reg_magic_link?expired_in=604800&max_times=1"));
    await app.user.selectOptions(within(dialog).getByLabelText("Expires after"), "1 day");
    await vi.waitFor(() => expect(app.callsTo("GET", "/api/group/create_reg_magic_link").at(-1)?.url).toBe("/api/group/create_reg_magic_link?expired_in=86400&max_times=1"));
    await vi.waitFor(() => expect((within(dialog).getByLabelText("Invitation link") as HTMLInputElement).value).toBe(`http://chat.example/?magic_token=t${n}#/register`));
  });
});
