/**
 * The widget's calls to its Parley server (another origin: CORS answers only the origins the
 * admin listed). The visitor's session is kept in the site's localStorage under a key named
 * after the Parley origin and the host, so a reload, or another page of the site, goes on with
 * the same conversation.
 */
import type { ChatMessage, LoginResponse, WidgetOAuthStart, WidgetPublicConfig } from "@parley/protocol";

interface Stored {
  uid: number;
  token: string;
  refresh_token: string;
  /** Signed in (an address, a password, a provider): the widget offers no sign-in then. */
  signed_in?: boolean;
}

/** A refusal the widget shows as such: the visitor was blocked (403). */
export class Blocked extends Error {}

export class WidgetApi {
  private session: Stored | null;
  private readonly key: string;

  constructor(
    readonly origin: string,
    readonly hostId: number,
  ) {
    this.key = `parley-widget:${origin}:${hostId}`;
    this.session = this.load();
  }

  get uid(): number | null {
    return this.session?.uid ?? null;
  }

  get signedIn(): boolean {
    return this.session?.signed_in === true;
  }

  private load(): Stored | null {
    try {
      const s = JSON.parse(localStorage.getItem(this.key) ?? "null") as Stored | null;
      return s && typeof s.token === "string" && typeof s.uid === "number" ? s : null;
    } catch {
      return null;
    }
  }

  private save(s: Stored | null): void {
    this.session = s;
    try {
      if (s) localStorage.setItem(this.key, JSON.stringify(s));
      else localStorage.removeItem(this.key);
    } catch {
      // Storage off (private mode): the session lives as long as the page.
    }
  }

  url(path: string): string {
    return `${this.origin}/api${path}`;
  }

  async config(): Promise<WidgetPublicConfig> {
    const res = await fetch(this.url(`/widget/config?host_id=${this.hostId}`));
    if (!res.ok) throw new Error(`config ${res.status}`);
    return (await res.json()) as WidgetPublicConfig;
  }

  async extraCss(): Promise<string> {
    const res = await fetch(this.url("/resource/widget-extra.css"));
    return res.ok ? res.text() : "";
  }

  /** A new visitor account bound to the host. */
  private async createVisitor(): Promise<void> {
    const res = await fetch(this.url("/widget/visitor"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ host_id: this.hostId }) });
    if (!res.ok) throw new Error(`visitor ${res.status}`);
    const login = (await res.json()) as LoginResponse;
    this.save({ uid: login.user.uid, token: login.token, refresh_token: login.refresh_token });
  }

  /** A fresh access token (they live minutes); false when the session is gone (blocked, expired). */
  private async renew(): Promise<boolean> {
    const s = this.session;
    if (!s) return false;
    const res = await fetch(this.url("/token/renew"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: s.token, refresh_token: s.refresh_token }) }).catch(() => null);
    if (!res?.ok) {
      if (res && res.status === 401) this.save(null);
      return false;
    }
    const t = (await res.json()) as { token: string; refresh_token: string };
    this.save({ ...s, token: t.token, refresh_token: t.refresh_token });
    return true;
  }

  /** A call with the visitor's session, renewed once on a 401. */
  async authed(path: string, init: RequestInit = {}, signal?: AbortSignal): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const s = this.session;
      if (!s) throw new Error("no session");
      const res = await fetch(this.url(path), { ...init, signal, headers: { ...(init.headers as Record<string, string>), "x-api-key": s.token } });
      if (res.status === 403) throw new Blocked();
      if (res.status !== 401 || attempt > 0 || !(await this.renew())) return res;
    }
  }

  get hasSession(): boolean {
    return this.session !== null;
  }

  async history(): Promise<ChatMessage[]> {
    const res = await this.authed("/widget/messages?limit=100");
    return res.ok ? ((await res.json()) as ChatMessage[]) : [];
  }

  /** Mails a sign-in link (with the current visitor, whose conversation then goes on); answers the poll token. */
  async emailLogin(email: string, language: string): Promise<string> {
    const headers: Record<string, string> = { "content-type": "application/json", ...(this.session ? { "x-api-key": this.session.token } : {}) };
    const res = await fetch(this.url("/widget/email_login"), { method: "POST", headers, body: JSON.stringify({ host_id: this.hostId, email, language }) });
    if (!res.ok) throw new Error(`email ${res.status}`);
    return ((await res.json()) as { poll_token: string }).poll_token;
  }

  /** True once the mailed link was opened or the sign-in popup finished (the session is then the account's). */
  async pollEmail(pollToken: string): Promise<boolean> {
    const res = await fetch(this.url("/widget/email_login/poll"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ poll_token: pollToken }) });
    if (res.status !== 200) return false;
    this.keep((await res.json()) as LoginResponse);
    return true;
  }

  /** A signed-in session (not an anonymous visitor's). */
  private keep(login: LoginResponse): void {
    this.save({ uid: login.user.uid, token: login.token, refresh_token: login.refresh_token, signed_in: true });
  }

  /** Signs in with an account's password; answers the refusal's status, or null when signed in. */
  async passwordLogin(email: string, password: string): Promise<number | null> {
    const res = await fetch(this.url("/widget/login"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ host_id: this.hostId, email, password }) });
    if (!res.ok) return res.status;
    this.keep((await res.json()) as LoginResponse);
    return null;
  }

  /** Starts a GitHub or OIDC sign-in: the popup's URL and the poll token (with the visitor, whose conversation then goes on). */
  async startOAuth(type: "google" | "github" | "oidc", domain?: string): Promise<WidgetOAuthStart> {
    const headers: Record<string, string> = { "content-type": "application/json", ...(this.session ? { "x-api-key": this.session.token } : {}) };
    const res = await fetch(this.url("/widget/oauth"), { method: "POST", headers, body: JSON.stringify({ host_id: this.hostId, type, domain: domain ?? null }) });
    if (!res.ok) throw new Error(`oauth ${res.status}`);
    return (await res.json()) as WidgetOAuthStart;
  }

  /** Sends to the host, making the visitor first if there is none yet; answers the new mid. */
  async send(text: string): Promise<number> {
    if (!this.session) await this.createVisitor();
    const res = await this.authed(`/user/${this.hostId}/send`, { method: "POST", headers: { "content-type": "text/plain" }, body: text });
    if (!res.ok) throw new Error(`send ${res.status}`);
    return Number(await res.text());
  }

  /**
   * The visitor's event stream from `afterMid`, read until it ends; calls `onMessage` for each
   * `chat` event. Resolves when the stream ends (the caller reconnects), rejects `Blocked` on a
   * `kick` or a 403.
   */
  async stream(afterMid: number, onMessage: (m: ChatMessage) => void, signal: AbortSignal): Promise<void> {
    const res = await this.authed(`/widget/events?after_mid=${afterMid}`, {}, signal);
    if (!res.ok || !res.body) throw new Error(`events ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame
          .split("\n")
          .filter((l) => l.startsWith("data:"))
          .map((l) => l.slice(5).trimStart())
          .join("\n");
        if (!data) continue;
        const event = JSON.parse(data) as { type: string } & ChatMessage;
        if (event.type === "chat") onMessage(event);
        else if (event.type === "kick") throw new Blocked();
      }
    }
  }
}
