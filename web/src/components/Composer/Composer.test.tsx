/**
 * The composer in the real app: `@` autocomplete (filter, arrows, Enter/Tab, Esc) sending the wire
 * form and `properties.mentions`, drafts per conversation across reloads, typing notices sent
 * (throttled) and the typing line shown from the stream's `typing` events.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeBase64 } from "../../utils/base64";
import { GROUP, ME, renderApp, session, type RenderOptions } from "../../test/render";

const BOB = { ...ME, uid: 2, email: "bob@example.com", name: "Bob Builder", is_admin: false };
const ALICE = { ...ME, uid: 3, email: "alice@example.com", name: "Alice", is_admin: false };
const ROBERT = { ...ME, uid: 4, email: "robert@example.com", name: "Robert Bobson", is_admin: false };

afterEach(() => {
  vi.useRealTimers();
});

async function openChannel(options: RenderOptions = {}) {
  const app = await renderApp({
    route: "/chat/channel/1",
    storage: { ...session(), ...options.storage },
    api: {
      "GET /api/user": () => ({ body: [ME, BOB, ALICE, ROBERT] }),
      "GET /api/group/1/history": () => ({ body: [] }),
      "POST /api/group/1/send": () => ({ body: 55 }),
      "POST /api/user/typing": () => ({ body: "" }),
      ...options.api,
    },
  });
  const es = await app.openStream({ type: "related_groups", groups: [GROUP] });
  const input = (await app.findByTestId("composer")) as HTMLTextAreaElement;
  return { app, es, input };
}

describe("composer", () => {
  it("autocompletes @mentions and sends them in the wire form with properties.mentions", async () => {
    const { app, input } = await openChannel();
    await app.user.type(input, "Hi @bo");
    let options = await app.findAllByTestId("mention-option");
    // Members of a public channel are all users but me; "bo" matches these, best first.
    expect(options.map((o) => o.querySelector("[data-testid=mention-name]")?.textContent)).toEqual(["Bob Builder", "Robert Bobson"]);
    expect(options[0].getAttribute("aria-selected")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0].id);

    // Narrowing the query filters; arrows move, Enter picks.
    await app.user.type(input, "bs");
    await vi.waitFor(() => expect(app.getAllByTestId("mention-option")).toHaveLength(1));
    options = app.getAllByTestId("mention-option");
    expect(options.map((o) => o.querySelector("[data-testid=mention-name]")?.textContent)).toEqual(["Robert Bobson"]);
    await app.user.type(input, "{Backspace}{Backspace}");
    await vi.waitFor(() => expect(app.getAllByTestId("mention-option")).toHaveLength(2));
    await app.user.keyboard("{ArrowDown}");
    expect(app.getAllByTestId("mention-option")[1].getAttribute("aria-selected")).toBe("true");
    await app.user.keyboard("{ArrowUp}{Enter}");
    expect(input.value).toBe("Hi @Bob Builder ");
    expect(app.queryByTestId("mention-list")).toBeNull();

    // Tab picks too; Esc closes the list without touching the text.
    await app.user.type(input, "and @al");
    await app.findByTestId("mention-list");
    await app.user.keyboard("{Tab}");
    expect(input.value).toBe("Hi @Bob Builder and @Alice ");
    await app.user.type(input, "@ca");
    expect(app.queryByTestId("mention-list")).toBeNull();
    await app.user.type(input, "{Backspace}{Backspace}r");
    await app.findByTestId("mention-list");
    await app.user.keyboard("{Escape}");
    expect(app.queryByTestId("mention-list")).toBeNull();
    expect(input.value).toBe("Hi @Bob Builder and @Alice @r");
    await app.user.type(input, "{Backspace}{Backspace}");

    // The draft is kept (readable text plus the picked mentions) until sent.
    const draft = JSON.parse(localStorage.getItem("VOCECHAT_DRAFT_channel:1")!);
    expect(draft.text).toBe("Hi @Bob Builder and @Alice ");
    expect(draft.mentions).toEqual([
      { uid: 2, name: "Bob Builder" },
      { uid: 3, name: "Alice" },
    ]);

    await app.user.type(input, "welcome{Enter}");
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/send")).toHaveLength(1));
    const [call] = app.callsTo("POST", "/api/group/1/send");
    expect(call.body).toBe("Hi @2 and @3 welcome");
    expect(call.headers["content-type"]).toBe("text/plain");
    const props = JSON.parse(decodeBase64(call.headers["x-properties"]));
    expect(props.mentions).toEqual([2, 3]);
    expect(typeof props.local_id).toBe("number");
    expect(input.value).toBe("");
    expect(localStorage.getItem("VOCECHAT_DRAFT_channel:1")).toBeNull();
  });

  it("restores the stored draft of each conversation after a reload, with its mentions and markdown mode", async () => {
    const stored = { text: "Ping @Alice about the **launch**", markdown: true, mentions: [{ uid: 3, name: "Alice" }] };
    const { app, input } = await openChannel({ storage: { "VOCECHAT_DRAFT_channel:1": JSON.stringify(stored) } });
    expect(input.value).toBe(stored.text);
    expect(app.getByRole("button", { name: "Markdown" }).getAttribute("aria-pressed")).toBe("true");
    // The picked mention is highlighted behind the text.
    expect(app.getByTestId("mention-layer").querySelector("mark")?.textContent).toBe("@Alice");
    await app.user.type(input, "{Enter}");
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/send")).toHaveLength(1));
    const [call] = app.callsTo("POST", "/api/group/1/send");
    expect(call.body).toBe("Ping @3 about the **launch**");
    expect(call.headers["content-type"]).toBe("text/markdown");
    expect(localStorage.getItem("VOCECHAT_DRAFT_channel:1")).toBeNull();
  });

  it("sends typing notices at most every 3 s while typing", async () => {
    const { app, input } = await openChannel();
    await app.user.type(input, "hello there");
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/typing")).toHaveLength(1));
    expect(app.callsTo("POST", "/api/user/typing")[0].body).toEqual({ target: { gid: 1 } });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3_100);
    await app.user.type(input, "!");
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/user/typing")).toHaveLength(2));
  });

  it("shows who is typing from the stream, and ends it on their message or after 5 s", async () => {
    const { app, es } = await openChannel();
    const act = app.rtl.act;
    const line = () => app.getByTestId("typing-indicator").textContent;
    expect(line()).toBe("");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Polled, not read at once: on a loaded machine the line came a render later (the store
    // already had the event). `expect.poll` waits in real time, as the fake clock runs
    // (`shouldAdvanceTime`); `vi.waitFor` would move the fake clock on with every try.
    act(() => es.send({ type: "typing", uid: 2, target: { gid: 1 } }));
    await expect.poll(line).toBe("Bob Builder is typing…");
    // Another conversation's event does not show here.
    act(() => es.send({ type: "typing", uid: 4, target: { gid: 9 } }));
    act(() => es.send({ type: "typing", uid: 3, target: { gid: 1 } }));
    await expect.poll(line).toBe("Bob Builder and Alice are typing…");
    act(() => es.send({ type: "typing", uid: 4, target: { gid: 1 } }));
    await expect.poll(line).toBe("Several people are typing…");
    // Bob's message ends his line at once.
    act(() =>
      es.send({
        type: "chat",
        mid: 70,
        from_uid: 2,
        created_at: Date.now(),
        target: { gid: 1 },
        detail: { type: "normal", content: "done", content_type: "text/plain", properties: null, expires_in: null },
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(line()).toBe("Alice and Robert Bobson are typing…");
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(line()).toBe("");
  });
});
