/** Auto-delete Messages: the file expiry applied at once with the server's answer, and the per-conversation message setting explained. */
import { describe, expect, it } from "vitest";
import { DEFAULT_SYSTEM_COMMON } from "@parley/protocol";
import { GROUP, renderApp, session, systemCommonApi } from "../../../test/render";

const open = (refuse?: string) => renderApp({ route: "/setting/auto_delete", storage: session(), api: systemCommonApi(DEFAULT_SYSTEM_COMMON, refuse) });

describe("Auto-delete Messages (admin)", () => {
  it("puts the file expiry alone and confirms it; Configuration no longer has it", async () => {
    const app = await open();
    const expiry = (await app.findByLabelText("Delete uploaded files after")) as HTMLSelectElement;
    expect(expiry.value).toBe("Off");
    await app.user.selectOptions(expiry, "30 days");
    await app.findByText("Setting saved");
    expect(app.callsTo("PUT", "/api/admin/system/common").map((p) => p.body)).toEqual([{ max_file_expiry_mode: "Day30" }]);
    expect(app.store.getState().server.common?.max_file_expiry_mode).toBe("Day30");
    expect((app.getByLabelText("Delete uploaded files after") as HTMLSelectElement).value).toBe("Day30");

    await app.user.click(app.getByRole("link", { name: "Configuration" }));
    await app.findByRole("switch", { name: "Direct messages" });
    expect(app.queryByLabelText("Delete uploaded files after")).toBeNull();
  });

  it("shows the server's refusal and puts the stored value back", async () => {
    const app = await open("admins only, please");
    await app.user.selectOptions(await app.findByLabelText("Delete uploaded files after"), "1 day");
    await app.findByText("admins only, please");
    expect((app.getByLabelText("Delete uploaded files after") as HTMLSelectElement).value).toBe("Off");
  });

  it("explains the per-conversation setting and links to the conversations where the admin has one", async () => {
    const app = await open();
    await app.findByText(/The server has no server-wide default for messages/);
    app.getByText(/None yet/);
    await app.openStream(
      { type: "related_groups", groups: [GROUP] },
      {
        type: "user_settings",
        mute_users: [],
        mute_groups: [],
        read_index_users: [],
        read_index_groups: [],
        burn_after_reading_users: [],
        burn_after_reading_groups: [{ gid: 1, expires_in: 3600 }],
        pinned_chats: [],
      },
    );
    const list = await app.findByTestId("auto-delete-list");
    expect(list.textContent).toContain("#general");
    expect(list.textContent).toContain("1 hour");
    await app.user.click(app.getByRole("link", { name: "Change" }));
    expect(app.path()).toBe("/setting/channel/1/overview");
  });
});
