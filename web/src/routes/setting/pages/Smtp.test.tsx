/** The SMTP page: the masked password kept unless retyped, the server's refusals shown, a test mail. */
import { describe, expect, it } from "vitest";
import { SMTP_PASSWORD_MASK } from "@parley/protocol";
import { adminConfigApi, renderApp, session, type RecordedCall } from "../../../test/render";

const STORED = { enabled: true, host: "mail.example.com", port: 587, from: "chat@example.com", username: "chat", password: SMTP_PASSWORD_MASK };

function smtpApi(posts: RecordedCall[], { refuse, mailRefusal }: { refuse?: string; mailRefusal?: string } = {}) {
  return {
    ...adminConfigApi("smtp", STORED, posts, refuse),
    "POST /api/admin/system/send_mail": (req: RecordedCall) => (posts.push(req), mailRefusal ? { status: 503, body: mailRefusal } : { body: "" }),
  };
}

describe("SMTP (admin)", () => {
  it("saves the typed fields and posts the mask back, so the stored password is kept", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/smtp", storage: session(), api: smtpApi(posts) });
    const host = await app.findByLabelText("SMTP host");
    expect((app.getByLabelText("Password") as HTMLInputElement).type).toBe("password");
    app.getByText("The saved password is kept unless you type a new one.");
    app.getByText(/upgraded to TLS \(STARTTLS\)/);
    await app.user.clear(host);
    await app.user.type(host, "smtp.example.org");
    await app.user.clear(app.getByLabelText("Port"));
    await app.user.type(app.getByLabelText("Port"), "465");
    app.getByText("Port 465: the connection is encrypted with TLS from the start.");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    await app.findByText("Saved.");
    expect(posts.map((p) => p.body)).toEqual([{ ...STORED, host: "smtp.example.org", port: 465 }]);
  });

  it("shows the server's refusal and keeps what was typed, new password included", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/smtp", storage: session(), api: smtpApi(posts, { refuse: "failed to parse body.host: host and from are needed to enable SMTP" }) });
    const host = await app.findByLabelText("SMTP host");
    await app.user.clear(host);
    await app.user.clear(app.getByLabelText("Password"));
    await app.user.type(app.getByLabelText("Password"), "new secret");
    await app.user.click(app.getByRole("button", { name: "Save changes" }));
    expect((await app.findByRole("alert")).textContent).toContain("host and from are needed to enable SMTP");
    expect((app.getByLabelText("SMTP host") as HTMLInputElement).value).toBe("");
    expect((app.getByLabelText("Password") as HTMLInputElement).value).toBe("new secret");
    expect(posts[0].body).toMatchObject({ host: "", password: "new secret" });
  });

  it("sends a test mail and shows the server's error text when sending fails", async () => {
    const posts: RecordedCall[] = [];
    const app = await renderApp({ route: "/setting/smtp", storage: session(), api: smtpApi(posts, { mailRefusal: "Failed to send mail: connect ECONNREFUSED 127.0.0.1:587" }) });
    await app.user.type(await app.findByLabelText("Send to"), "ada@example.com");
    await app.user.click(app.getByRole("button", { name: "Send test mail" }));
    expect((await app.findByRole("alert")).textContent).toContain("Failed to send mail: connect ECONNREFUSED 127.0.0.1:587");
    expect(posts[0].body).toMatchObject({ to: "ada@example.com", subject: "Test mail from Testbed" });
    expect((app.getByLabelText("Send to") as HTMLInputElement).value).toBe("ada@example.com");
  });
});
