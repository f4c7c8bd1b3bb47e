/** A small fetch client for setting up fixtures through the HTTP API. */
import type { CreateGroupResponse, LoginResponse, UploadFileResponse, UserInfo } from "@parley/protocol";

/** Where a message goes: a channel or a user's DM. */
export type Recipient = { gid: number } | { uid: number };

export interface SendOptions {
  /** `text/plain` unless told. */
  contentType?: string;
  /** Sent as `X-Properties` (base64 JSON), as the web client does. */
  properties?: Record<string, unknown>;
}

export class Api {
  token = "";
  constructor(readonly base: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(this.token ? { "X-API-Key": this.token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  createAdmin(email: string, name: string, password: string) {
    return this.request<UserInfo>("POST", "/admin/system/create_admin", { email, name, password, gender: 0 });
  }

  /** Logs in as `device` (a fixture's own unless told: a browser's is `web:<id>`). */
  async login(email: string, password: string, device = "e2e-fixture") {
    const res = await this.request<LoginResponse>("POST", "/token/login", {
      credential: { type: "password", email, password },
      device,
      device_token: "",
    });
    this.token = res.token;
    return res;
  }

  createChannel(name: string, description: string, isPublic = true, members: number[] = []) {
    return this.request<CreateGroupResponse>("POST", "/group", { name, description, members, is_public: isPublic });
  }

  createUser(email: string, name: string, password: string, isAdmin = false) {
    return this.request<UserInfo>("POST", "/admin/user", { email, password, name, gender: 0, is_admin: isAdmin });
  }

  /** `POST /group/{gid}/send` or `/user/{uid}/send` with a raw body; answers the new mid. */
  async send(to: Recipient, body: string, { contentType = "text/plain", properties }: SendOptions = {}): Promise<number> {
    const headers: Record<string, string> = { "Content-Type": contentType, "X-API-Key": this.token };
    if (properties) headers["X-Properties"] = Buffer.from(JSON.stringify(properties)).toString("base64");
    const path = "gid" in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
    const res = await fetch(`${this.base}/api${path}`, { method: "POST", headers, body });
    if (!res.ok) throw new Error(`send ${contentType} → ${res.status} ${await res.text()}`);
    return Number(await res.text());
  }

  /** `POST /group/{gid}/send` with a plain-text body; answers the new mid. */
  sendToChannel(gid: number, text: string): Promise<number> {
    return this.send({ gid }, text);
  }

  /** A whole file in one chunk (docs/API.md "Files": `prepare`, then one last `upload`). */
  async upload(filename: string, contentType: string, bytes: Buffer): Promise<UploadFileResponse> {
    const fileId = await this.request<string>("POST", "/resource/file/prepare", { content_type: contentType, filename });
    const form = new FormData();
    // The server streams the chunk, so it needs file_id first.
    form.append("file_id", fileId);
    form.append("chunk_data", new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
    form.append("chunk_is_last", "true");
    const res = await fetch(`${this.base}/api/resource/file/upload`, { method: "POST", headers: { "X-API-Key": this.token }, body: form });
    if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
    return (await res.json()) as UploadFileResponse;
  }
}
