import { randomBytes } from "node:crypto";
import type { LoginResponse, PageName, Uid, WidgetPublicConfig, WidgetSettings } from "@parley/protocol";
import type { AppContext } from "../context.js";
import { HttpError, badRequest, notFound } from "../http/errors.js";
import type { UserRow } from "../repos/users.js";
import { presentMessage } from "../presenters/messages.js";
import { dmPair } from "../repos/messages.js";
import { DEFAULT_WIDGET_SETTINGS, forgetAllowedOrigins, loadWidgetSettings, normalizeOrigin, WIDGET_SETTINGS_KEY } from "../widget/settings.js";
import { WIDGET_DEVICE } from "../policies/widget.js";
import { describeChange, setConfigAudited, type AuditActor } from "./audit.js";
import { openSession } from "./sessions.js";
import { createAnonymousUser } from "./users.js";
import { widgetLoginMethods } from "./widgetSignIn.js";

/** Most origins an admin may list. */
export const WIDGET_ORIGINS_MAX = 50;
/** Most characters of a page (`PUT /page/{name}`). */
export const PAGE_MAX = 100_000;

/** Who may host a widget: an active account that is neither a guest nor a visitor. */
function canHost(user: UserRow | undefined): user is UserRow {
  return !!user && user.status === "normal" && user.create_by !== "guest" && user.create_by !== "widget";
}

/** `GET /widget/config?host_id=`: the theme and the host's card; 404 for a uid that cannot host. */
export async function widgetPublicConfig(ctx: AppContext, hostId: Uid): Promise<WidgetPublicConfig> {
  const host = await ctx.repos.users.byId(hostId);
  if (!canHost(host)) throw notFound("no such host");
  const { allowed_origins: _origins, ...theme } = await loadWidgetSettings(ctx);
  const login = await widgetLoginMethods(ctx);
  return { ...theme, host: { uid: host.uid, name: host.name, is_bot: host.is_bot === 1, avatar_updated_at: host.avatar_updated_at }, login };
}

/**
 * `POST /widget/visitor {host_id}`: a visitor account (`create_by: "widget"`, `widget_id` = the
 * host's uid) and its session on the `widget` device. Named `Visitor123456`; no e-mail, no
 * password. The route rate-limits it per client address.
 */
export async function createVisitor(ctx: AppContext, hostId: Uid): Promise<LoginResponse> {
  if (!canHost(await ctx.repos.users.byId(hostId))) throw notFound("no such host");
  const user = await createAnonymousUser(ctx, "Visitor", { create_by: "widget", widget_id: String(hostId) });
  return openSession(ctx, user, WIDGET_DEVICE, null);
}

/** A widget session's account and the host it talks to (`visitorPolicy.hostOf`). */
export interface WidgetAccount {
  user: UserRow;
  host: Uid;
}

/** `GET /widget/messages`: the conversation with the host, oldest first (at most `limit`, the newest). */
export async function visitorHistory(ctx: AppContext, visitor: WidgetAccount, limit: number): Promise<ReturnType<typeof presentMessage>[]> {
  const rows = await ctx.repos.messages.history({ dm: dmPair(visitor.user.uid, visitor.host) }, null, limit);
  return rows.map(presentMessage);
}

/** The backlog of the widget's stream: the conversation after `afterMid`, oldest first (at most 500). */
export async function visitorMessagesAfter(ctx: AppContext, visitor: WidgetAccount, afterMid: number): Promise<ReturnType<typeof presentMessage>[]> {
  const [low, high] = dmPair(visitor.user.uid, visitor.host);
  const rows = await ctx.db
    .selectFrom("messages")
    .selectAll()
    .where("dm_low", "=", low)
    .where("dm_high", "=", high)
    .where("mid", ">", afterMid)
    .orderBy("mid", "asc")
    .limit(500)
    .execute();
  return rows.map(presentMessage);
}

/** `PUT /admin/widget/config`: origins normalized (a path, a query or another scheme is a 400). */
export async function updateWidgetSettings(ctx: AppContext, input: WidgetSettings, actor: AuditActor): Promise<WidgetSettings> {
  const origins: string[] = [];
  for (const text of input.allowed_origins) {
    const origin = normalizeOrigin(text);
    if (!origin) throw badRequest(`not an origin: ${JSON.stringify(text)} (scheme and host only, e.g. https://example.com)`);
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > WIDGET_ORIGINS_MAX) throw badRequest(`at most ${WIDGET_ORIGINS_MAX} origins`);
  const next: WidgetSettings = { ...DEFAULT_WIDGET_SETTINGS, ...input, allowed_origins: origins };
  await setConfigAudited(ctx, WIDGET_SETTINGS_KEY, next, actor, { action: "settings.widget", detail: describeChange({ ...next }) });
  forgetAllowedOrigins(ctx);
  return next;
}

const pageKey = (name: PageName) => `page_${name}`;
const PAGE_APIKEY_KEY = "page_apikey";

/** `GET /page/{name}`: the stored text, "" while none was written. */
export async function loadPage(ctx: AppContext, name: PageName): Promise<string> {
  return (await ctx.repos.config.get<string>(pageKey(name))) ?? "";
}

/** `PUT /page/{name}` (text), `DELETE /page/{name}` (null). */
export async function setPage(ctx: AppContext, name: PageName, text: string | null, actor: AuditActor): Promise<void> {
  if (text !== null && text.length > PAGE_MAX) throw new HttpError(413, "the page is too large");
  await setConfigAudited(ctx, pageKey(name), text, actor, {
    action: "settings.page",
    detail: { page: name, ...(text === null ? { deleted: true } : { chars: text.length }) },
  });
}

const newPageKey = () => randomBytes(24).toString("base64url");

/** `GET /page/apikey`: the key, made on first read. */
export function loadPageApiKey(ctx: AppContext): Promise<string> {
  return ctx.repos.config.getOrCreate<string>(PAGE_APIKEY_KEY, newPageKey);
}

/** `POST /page/apikey`: a new key replaces the old one. */
export async function rotatePageApiKey(ctx: AppContext, actor: AuditActor): Promise<string> {
  const key = newPageKey();
  // The audit entry names the rotation only, never the key.
  await setConfigAudited(ctx, PAGE_APIKEY_KEY, key, actor, { action: "settings.page_apikey", detail: {} });
  return key;
}
