/**
 * The composer's file queue in the real app: a file whose upload failed on the network or with a
 * 5xx offers Retry, which uploads it again with its progress bar and then sends it; a 413 stays
 * 'File size too large' with no Retry. In reply mode the files go as replies to the message.
 */
import { describe, expect, it, vi } from "vitest";
import { decodeBase64 } from "../../utils/base64";
import { GROUP, ME, renderApp, session, type RenderOptions } from "../../test/render";


type Outcome = { status: number; body?: unknown } | "network" | "hold";

/**
 * A scripted XMLHttpRequest for the chunk uploads (fetch is scripted by `renderApp`): each
 * request takes the next outcome; "hold" reports half the chunk sent and waits for `release`.
 */
class FakeXhr {
  static outcomes: Outcome[] = [];
  static sent: FakeXhr[] = [];
  static held: { xhr: FakeXhr; release: (o: Exclude<Outcome, "hold">) => void } | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  body: FormData | null = null;
  open() {}
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const outcome = FakeXhr.outcomes.shift() ?? { status: 500, body: "unscripted" };
    setTimeout(() => {
      if (outcome === "hold") {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        FakeXhr.held = { xhr: this, release: (o) => this.finish(o) };
      } else this.finish(outcome);
    }, 5);
  }
  finish(outcome: Exclude<Outcome, "hold">) {
    if (outcome === "network") return this.onerror?.();
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.status = outcome.status;
    this.responseText = typeof outcome.body === "string" ? outcome.body : JSON.stringify(outcome.body ?? null);
    this.onload?.();
  }
}

const uploaded = (n: number) => ({ status: 200, body: { path: `2025/1/2/file-${n}`, size: 5, hash: "h", image_properties: null } });

async function openChannel(api: RenderOptions["api"] = {}) {
  FakeXhr.outcomes = [];
  FakeXhr.sent = [];
  FakeXhr.held = null;
  let prepared = 0;
  let sent = 100;
  const app = await renderApp({
    route: "/chat/channel/1",
    storage: session(),
    api: {
      "GET /api/user": () => ({ body: [ME] }),
      "GET /api/group/1/history": () => ({ body: [] }),
      "POST /api/group/1/send": () => ({ body: ++sent }),
      "POST /api/message/77/reply": () => ({ body: ++sent }),
      "POST /api/resource/file/prepare": () => ({ body: `fid-${++prepared}` }),
      "POST /api/user/typing": () => ({ body: "" }),
      ...api,
    },
  });
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  await app.openStream({ type: "related_groups", groups: [GROUP] });
  await app.findByTestId("composer");
  return app;
}

type App = Awaited<ReturnType<typeof openChannel>>;

const file = (name: string, text = "hello", type = "text/plain") => new File([text], name, { type });
const item = (app: App, name: string) => app.getAllByTestId("upload-item").find((el) => el.textContent?.includes(name))!;

describe("composer file queue", () => {
  it("retries a file whose upload failed, with its progress bar, and sends it; a 413 is final", async () => {
    const app = await openChannel();
    await app.user.upload(app.getByTestId("file-input"), [file("notes.txt"), file("huge.bin", "0123456789", "application/octet-stream")]);
    expect(await app.findAllByTestId("upload-item")).toHaveLength(2);

    // notes.txt: the network drops; huge.bin: the server refuses it as too large.
    FakeXhr.outcomes = ["network", { status: 413, body: "Payload Too Large" }];
    await app.user.click(app.getByRole("button", { name: "Send message" }));
    await vi.waitFor(() => expect(item(app, "huge.bin").getAttribute("data-status")).toBe("error"));
    expect(item(app, "notes.txt").getAttribute("data-status")).toBe("error");
    expect(item(app, "notes.txt").querySelector("[data-testid=upload-status]")?.textContent).toBe("Failed to fetch");
    expect(item(app, "huge.bin").querySelector("[data-testid=upload-status]")?.textContent).toBe("File size too large");
    // Only the network failure offers Retry; nothing was sent.
    expect(app.getAllByRole("button", { name: /^Retry / }).map((b) => b.getAttribute("aria-label"))).toEqual(["Retry notes.txt"]);
    expect(app.callsTo("POST", "/api/group/1/send")).toHaveLength(0);

    // Retry uploads it again from the start, showing its progress bar, then sends it.
    FakeXhr.outcomes = ["hold"];
    await app.user.click(app.getByRole("button", { name: "Retry notes.txt" }));
    await vi.waitFor(() => expect(FakeXhr.held).not.toBeNull());
    // Half the 5-byte chunk sent: 3 of 5 bytes.
    await vi.waitFor(() => expect(item(app, "notes.txt").querySelector("[role=progressbar]")?.getAttribute("aria-valuenow")).toBe("60"));
    expect(item(app, "notes.txt").getAttribute("data-status")).toBe("uploading");
    expect(app.queryByRole("button", { name: "Retry notes.txt" })).toBeNull();
    app.rtl.act(() => FakeXhr.held!.release(uploaded(1)));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/group/1/send")).toHaveLength(1));
    const [call] = app.callsTo("POST", "/api/group/1/send");
    expect(call.headers["content-type"]).toBe("vocechat/file");
    expect(call.body).toEqual({ path: "2025/1/2/file-1" });
    expect(JSON.parse(decodeBase64(call.headers["x-properties"]))).toMatchObject({ name: "notes.txt", content_type: "text/plain", size: 5 });
    // Three prepares: the two first attempts and the retry (an upload id is not reused).
    expect(app.callsTo("POST", "/api/resource/file/prepare")).toHaveLength(3);
    await vi.waitFor(() => expect(app.getAllByTestId("upload-item")).toHaveLength(1));
    expect(item(app, "huge.bin").getAttribute("data-status")).toBe("error");
  });

  it("a 5xx is retryable; when only the send failed, Retry posts the message again without uploading twice", async () => {
    let sends = 0;
    const app = await openChannel({ "POST /api/group/1/send": () => (++sends === 1 ? { status: 500, body: "Server Error" } : { body: 321 }) });
    await app.user.upload(app.getByTestId("file-input"), [file("report.txt")]);
    FakeXhr.outcomes = [{ status: 503, body: "Service Unavailable" }];
    await app.user.click(app.getByRole("button", { name: "Send message" }));
    await app.findByRole("button", { name: "Retry report.txt" });
    expect(item(app, "report.txt").querySelector("[data-testid=upload-status]")?.textContent).toBe("Service Unavailable");

    // The upload works this time, but posting the message fails on the server.
    FakeXhr.outcomes = [uploaded(2)];
    await app.user.click(app.getByRole("button", { name: "Retry report.txt" }));
    await vi.waitFor(() => expect(sends).toBe(1));
    await app.findByRole("button", { name: "Retry report.txt" });
    expect(item(app, "report.txt").querySelector("[data-testid=upload-status]")?.textContent).toBe("Send Message Failed");

    // Retry posts the uploaded file again: no new upload.
    const chunks = FakeXhr.sent.length;
    const prepares = app.callsTo("POST", "/api/resource/file/prepare").length;
    await app.user.click(app.getByRole("button", { name: "Retry report.txt" }));
    await vi.waitFor(() => expect(app.queryAllByTestId("upload-item")).toHaveLength(0));
    expect(sends).toBe(2);
    expect(app.callsTo("POST", "/api/group/1/send").map((c) => c.body)).toEqual([{ path: "2025/1/2/file-2" }, { path: "2025/1/2/file-2" }]);
    expect(FakeXhr.sent.length).toBe(chunks);
    expect(app.callsTo("POST", "/api/resource/file/prepare").length).toBe(prepares);
  });

  it("in reply mode, sends the files as replies to the message and leaves reply mode", async () => {
    const app = await openChannel();
    const { Provider } = await import("react-redux");
    const { default: Composer } = await import(".");
    const onSend = vi.fn();
    const onCancelMode = vi.fn();
    // The composer of another conversation, in reply mode (the chat view sets it from a message's Reply).
    app.rtl.render(
      <Provider store={app.store}>
        <div data-testid="reply-composer">
          <Composer
            contextKey="channel:2"
            placeholder="Reply"
            onSend={onSend}
            mode={{ kind: "reply", mid: 77, title: "Replying to Bob", excerpt: "Can you share the deck?" }}
            onCancelMode={onCancelMode}
          />
        </div>
      </Provider>,
    );
    const root = app.getByTestId("reply-composer");
    const within = app.rtl.within(root);
    await app.user.upload(within.getByTestId("file-input"), [file("deck.pdf", "%PDF", "application/pdf")]);
    FakeXhr.outcomes = [uploaded(3)];
    await app.user.click(within.getByRole("button", { name: "Send message" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/message/77/reply")).toHaveLength(1));
    const [call] = app.callsTo("POST", "/api/message/77/reply");
    expect(call.headers["content-type"]).toBe("vocechat/file");
    expect(call.body).toEqual({ path: "2025/1/2/file-3" });
    expect(JSON.parse(decodeBase64(call.headers["x-properties"]))).toMatchObject({ name: "deck.pdf", content_type: "application/pdf" });
    expect(app.callsTo("POST", "/api/group/2/send")).toHaveLength(0);
    // No text: the composer itself leaves reply mode.
    expect(onSend).not.toHaveBeenCalled();
    expect(onCancelMode).toHaveBeenCalledTimes(1);

    // Text and a file: the text goes through the chat view's send (which replies and leaves reply
    // mode), the file as a reply of its own.
    await app.user.type(within.getByTestId("composer"), "Here it is");
    await app.user.upload(within.getByTestId("file-input"), [file("notes.md", "# notes", "text/markdown")]);
    FakeXhr.outcomes = [uploaded(4)];
    await app.user.click(within.getByRole("button", { name: "Send message" }));
    await vi.waitFor(() => expect(app.callsTo("POST", "/api/message/77/reply")).toHaveLength(2));
    expect(onSend).toHaveBeenCalledWith("Here it is", { markdown: false, mentions: [] });
    expect(app.callsTo("POST", "/api/message/77/reply")[1].body).toEqual({ path: "2025/1/2/file-4" });
    expect(onCancelMode).toHaveBeenCalledTimes(1);
  });
});
