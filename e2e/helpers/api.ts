/** A small fetch client for setting up fixtures through the HTTP API. */
import type { CreateGroupResponse, LoginResponse, UserInfo } from "@parley/protocol";

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

  async login(email: string, password: string) {
    const res = await this.request<LoginResponse>("POST", "/token/login", {
      credential: { type: "password", email, password },
      device: "e2e-fixture",
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

  /** `POST /group/{gid}/send` with a plain-text body; answers the new mid. */
  async sendToChannel(gid: number, text: string): Promise<number> {
    const res = await fetch(`${this.base}/api/group/${gid}/send`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "X-API-Key": this.token },
      body: text,
    });
    if (!res.ok) throw new Error(`send → ${res.status} ${await res.text()}`);
    return Number(await res.text());
  }
}
