/** Data Management: the counts of what each clearing removes, the typed confirmation, the refusal kept, the counts read again. */
import { describe, expect, it } from "vitest";
import { act, waitFor, within } from "@testing-library/react";
import { GROUP, renderApp, session, type RecordedCall } from "../../../test/render";

type Summary = { messages: number; files: number; file_bytes: number };

function dataApi(state: { summary: Summary; deletes: RecordedCall[]; refuse?: string }) {
  return {
    "GET /api/admin/system/data_summary": () => ({ body: state.summary }),
    "GET /api/admin/audit_log": () => ({ body: [] }),
    "DELETE /api/admin/system/message/clear": (req: RecordedCall) => {
      state.deletes.push(req);
      if (state.refuse) return { status: 500, body: state.refuse };
      state.summary = { ...state.summary, messages: 0 };
      return { body: "" };
    },
    "DELETE /api/resource/file/delete": (req: RecordedCall) => {
      state.deletes.push(req);
      state.summary = { ...state.summary, files: 0, file_bytes: 0 };
      return { body: "" };
    },
  };
}

describe("Data Management (admin)", () => {
  it("clears every message behind the server's name typed out; the counts are read again and the conversations empty from the stream", async () => {
    const state = { summary: { messages: 42, files: 3, file_bytes: 2_500_000 }, deletes: [] as RecordedCall[] };
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: dataApi(state) });
    const es = await app.openStream({ type: "related_groups", groups: [GROUP] }, { type: "chat", mid: 7, from_uid: 2, created_at: Date.now(), target: { gid: 1 }, detail: { type: "normal", content_type: "text/plain", content: "hello", properties: null, expires_in: null } });
    await app.findByText("42 messages in channels and direct messages");
    app.getByText("3 uploaded files · 2.5 MB");

    await app.user.click(app.getByRole("button", { name: "Clear all messages" }));
    const dialog = await app.findByRole("dialog", { name: "Clear all messages?" });
    within(dialog).getByText("42 messages will be deleted.");
    const confirm = within(dialog).getByRole("button", { name: "Clear all messages" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await app.user.type(within(dialog).getByLabelText("Type the server name “Testbed” to confirm"), "Testbe");
    expect(confirm.disabled).toBe(true);
    await app.user.type(within(dialog).getByLabelText(/Type the server name/), "d");
    expect(confirm.disabled).toBe(false);
    await app.user.click(confirm);

    await app.findByText("All messages were cleared.");
    expect(state.deletes.map((d) => `${d.method} ${d.path}`)).toEqual(["DELETE /api/admin/system/message/clear"]);
    await app.findByText("0 messages in channels and direct messages");
    expect((app.getByRole("button", { name: "Clear all messages" }) as HTMLButtonElement).disabled).toBe(true);
    expect(app.queryByRole("dialog")).toBeNull();

    // The server tells every stream; this client drops what it had.
    expect(Object.keys(app.store.getState().messages.byId)).toEqual(["7"]);
    act(() => es.send({ type: "message_cleared", latest_deleted_mid: 7 }));
    await waitFor(() => expect(Object.keys(app.store.getState().messages.byId)).toEqual([]));
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const state = { summary: { messages: 5, files: 0, file_bytes: 0 }, deletes: [] as RecordedCall[], refuse: "database is locked" };
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: dataApi(state) });
    await app.user.click(await app.findByRole("button", { name: "Clear all messages" }));
    const dialog = await app.findByRole("dialog");
    await app.user.type(within(dialog).getByLabelText(/Type the server name/), "Testbed");
    await app.user.click(within(dialog).getByRole("button", { name: "Clear all messages" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("database is locked");
    expect((within(dialog).getByLabelText(/Type the server name/) as HTMLInputElement).value).toBe("Testbed");
    app.getByText("5 messages in channels and direct messages");
    // Nothing to delete: the files' button is off.
    app.getByText("0 uploaded files · 0 B");
  });

  it("deletes every file behind the typed name, and Escape cancels without a call", async () => {
    const state = { summary: { messages: 1, files: 1, file_bytes: 1200 }, deletes: [] as RecordedCall[] };
    const app = await renderApp({ route: "/setting/data_management", storage: session(), api: dataApi(state) });
    await app.user.click(await app.findByRole("button", { name: "Delete all files" }));
    await app.findByRole("dialog", { name: "Delete all files?" });
    await app.user.keyboard("{Escape}");
    expect(app.queryByRole("dialog")).toBeNull();
    expect(state.deletes).toEqual([]);

    await app.user.click(app.getByRole("button", { name: "Delete all files" }));
    const dialog = await app.findByRole("dialog", { name: "Delete all files?" });
    within(dialog).getByText("1 file (1.2 kB) will be deleted.");
    await app.user.type(within(dialog).getByLabelText(/Type the server name/), "Testbed{Enter}");
    await app.findByText("All files were deleted.");
    expect(state.deletes.map((d) => d.path)).toEqual(["/api/resource/file/delete"]);
    await app.findByText("0 uploaded files · 0 B");
  });
});
