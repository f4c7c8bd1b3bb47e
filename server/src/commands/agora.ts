import { createRequire } from "node:module";
import {
  DEFAULT_AGORA_CONFIG,
  DEFAULT_VOCESPACE_CONFIG,
  SECRET_MASK,
  type AgoraChannelList,
  type AgoraChannelUsers,
  type AgoraConfig,
  type AgoraTokenResponse,
  type AgoraUsages,
  type Gid,
  type Uid,
  type VoceSpaceConfig,
} from "@parley/protocol";
import type { TokenClaims } from "../auth/tokens.js";
import type { AppContext } from "../context.js";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.js";
import { outbound, NOTIFY_TIMEOUT_MS } from "../notify/request.js";
import { groupPolicy } from "../policies/groups.js";
import { outboundOptions } from "../webhooks/send.js";
import { describeChange, setConfigAudited, type AuditActor } from "./audit.js";
import { assertCanWriteDirectly } from "./direct.js";
import { loadGroup } from "./groups.js";

/**
 * AGORA (docs/API.md "Agora"): the config, RTC tokens for a channel's or a DM's call, and the
 * calls going on now, read from Agora's REST API. Parley's own calls need none of it; a team that
 * already pays for Agora keeps the VoceChat clients' voice features.
 */
const AGORA_KEY = "agora";
const VOCESPACE_KEY = "vocespace";
/** A token (and its join privilege) lasts a day, as VoceChat's did. */
export const AGORA_TOKEN_TTL_S = 86_400;
const CHANNEL_PREFIX = "vocechat";

// agora-token is CommonJS without an ES entry: loaded on first use, like the other ceremonies' libraries.
const requireCjs = createRequire(import.meta.url);
type RtcBuilder = { buildTokenWithUid(appId: string, cert: string, channel: string, uid: number, role: number, tokenExpire: number, privilegeExpire: number): string };
let rtc: { builder: RtcBuilder; publisher: number } | undefined;
function rtcTokens() {
  if (!rtc) {
    const lib = requireCjs("agora-token") as { RtcTokenBuilder: RtcBuilder; RtcRole: { PUBLISHER: number } };
    rtc = { builder: lib.RtcTokenBuilder, publisher: lib.RtcRole.PUBLISHER };
  }
  return rtc;
}

export async function loadAgoraConfig(ctx: AppContext): Promise<AgoraConfig> {
  return { ...DEFAULT_AGORA_CONFIG, ...((await ctx.repos.config.get<Partial<AgoraConfig>>(AGORA_KEY)) ?? {}) };
}

/** Calls can be made: switched on with an app id and certificate. */
export const agoraReady = (config: AgoraConfig): boolean => config.enabled && config.app_id !== "" && config.app_certificate !== "";

const mask = (secret: string) => (secret ? SECRET_MASK : "");

/**
 * `GET /admin/agora/config`. VoceChat answered every signed-in user the certificate and the REST
 * secret in clear; Parley keeps the shape, masks the secrets for admins and leaves them empty
 * (with the project and REST key) for everyone else.
 */
export function presentAgoraConfig(config: AgoraConfig, isAdmin: boolean): AgoraConfig {
  if (isAdmin) return { ...config, app_certificate: mask(config.app_certificate), rtm_secret: mask(config.rtm_secret) };
  return { ...DEFAULT_AGORA_CONFIG, enabled: config.enabled, url: config.url, app_id: config.app_id };
}

/** `POST /admin/agora/config`: the mask keeps a stored secret; switching on needs the app id and certificate. */
export async function saveAgoraConfig(ctx: AppContext, input: AgoraConfig, audit: AuditActor): Promise<void> {
  const stored = await loadAgoraConfig(ctx);
  const keep = (given: string, old: string) => (given === SECRET_MASK ? old : given);
  const next: AgoraConfig = { ...input, app_certificate: keep(input.app_certificate, stored.app_certificate), rtm_secret: keep(input.rtm_secret, stored.rtm_secret) };
  if (next.enabled && (!next.app_id || !next.app_certificate)) throw badRequest("an app id and an app certificate are needed to turn Agora on");
  const { app_certificate: _cert, rtm_secret: _secret, ...visible } = next;
  const detail = { ...describeChange(visible), app_certificate_changed: next.app_certificate !== stored.app_certificate, rtm_secret_changed: next.rtm_secret !== stored.rtm_secret };
  await setConfigAudited(ctx, AGORA_KEY, next, audit, { action: "settings.agora", detail });
}

async function requireAgora(ctx: AppContext): Promise<AgoraConfig> {
  const config = await loadAgoraConfig(ctx);
  if (!agoraReady(config)) throw new HttpError(503, "Agora is not configured");
  return config;
}

/** The call of a channel, or of the DM between two people (the same name from either side). */
export const groupCallName = (gid: Gid): string => `${CHANNEL_PREFIX}:group:${gid}`;
export const directCallName = (a: Uid, b: Uid): string => `${CHANNEL_PREFIX}:dm:${Math.min(a, b)}:${Math.max(a, b)}`;

/** Whose call a channel name is, or null for a name Parley does not give. */
export function parseCallName(name: string): { gid: Gid } | { uids: [Uid, Uid] } | null {
  const group = /^vocechat:group:(\d{1,10})$/.exec(name);
  if (group) return { gid: Number(group[1]) };
  const dm = /^vocechat:dm:(\d{1,10}):(\d{1,10})$/.exec(name);
  return dm ? { uids: [Number(dm[1]), Number(dm[2])] } : null;
}

function tokenFor(config: AgoraConfig, channel: string, uid: Uid): AgoraTokenResponse {
  const { builder, publisher } = rtcTokens();
  const agora_token = builder.buildTokenWithUid(config.app_id, config.app_certificate, channel, uid, publisher, AGORA_TOKEN_TTL_S, AGORA_TOKEN_TTL_S);
  return { agora_token, app_id: config.app_id, uid, channel_name: channel, expired_in: AGORA_TOKEN_TTL_S };
}

/** A token for a channel's call: members who may read it (404 for a channel they cannot see, 403 for a guest). */
export async function channelCallToken(ctx: AppContext, actor: TokenClaims, gid: Gid): Promise<AgoraTokenResponse> {
  const config = await requireAgora(ctx);
  const group = await loadGroup(ctx, actor, gid);
  if (actor.is_guest || !groupPolicy.canRead(actor, group)) throw forbidden("not a member of this channel");
  return tokenFor(config, groupCallName(gid), actor.uid);
}

/** A token for the call of a DM: anyone the caller may write to directly (a block or contact rules refuse it, 403). */
export async function directCallToken(ctx: AppContext, actor: TokenClaims, peerUid: Uid): Promise<AgoraTokenResponse> {
  const config = await requireAgora(ctx);
  const peer = await ctx.repos.users.byId(peerUid);
  if (!peer || peer.uid === actor.uid) throw notFound("no such user");
  if (actor.is_guest || peer.is_bot === 1) throw forbidden("calls are between members");
  await assertCanWriteDirectly(ctx, actor, peer);
  return tokenFor(config, directCallName(actor.uid, peer.uid), actor.uid);
}

/** May `actor` know about the call `name`: a channel they can read, or a DM of theirs. */
async function mayWatch(ctx: AppContext, actor: TokenClaims, name: string): Promise<boolean> {
  const whose = parseCallName(name);
  if (!whose) return false;
  if ("uids" in whose) return whose.uids.includes(actor.uid);
  const group = await ctx.repos.groups.byId(whose.gid);
  return group !== undefined && groupPolicy.canRead(actor, group);
}

/** One call to Agora's REST API with the customer key (Basic auth); its JSON, or 502 with what it said. */
async function agoraRest(ctx: AppContext, config: AgoraConfig, path: string): Promise<unknown> {
  if (!config.rtm_key || !config.rtm_secret) throw new HttpError(503, "the Agora RESTful API key and secret are not configured");
  const authorization = `Basic ${Buffer.from(`${config.rtm_key}:${config.rtm_secret}`).toString("base64")}`;
  let answer;
  try {
    answer = await outbound({ method: "GET", url: `${config.url.replace(/\/+$/, "")}${path}`, headers: { authorization, accept: "application/json" } }, outboundOptions(ctx.config.previewAllowPrivate, NOTIFY_TIMEOUT_MS));
  } catch (err) {
    throw new HttpError(502, `Agora could not be reached: ${err instanceof Error ? err.message : "request failed"}`);
  }
  if (answer.status < 200 || answer.status >= 300) throw new HttpError(502, `Agora answered ${answer.status}`);
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw new HttpError(502, "Agora answered something other than JSON");
  }
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The calls going on now that `actor` may know about (a page of Agora's list, filtered). */
export async function listCalls(ctx: AppContext, actor: TokenClaims, pageNo: number, pageSize: number): Promise<AgoraChannelList> {
  const config = await requireAgora(ctx);
  const raw = (await agoraRest(ctx, config, `/dev/v1/channel/${encodeURIComponent(config.app_id)}?page_no=${pageNo}&page_size=${pageSize}`)) as { success?: boolean; data?: { channels?: unknown[] } };
  const channels: AgoraChannelList["data"]["channels"] = [];
  for (const c of raw.data?.channels ?? []) {
    const item = c as { channel_name?: unknown; user_count?: unknown };
    if (typeof item.channel_name === "string" && (await mayWatch(ctx, actor, item.channel_name))) channels.push({ channel_name: item.channel_name, user_count: num(item.user_count) });
  }
  return { success: raw.success !== false, data: { channels, total_size: channels.length } };
}

/** Who is in one call (the uids Agora reports), for those who may know about it; 404 otherwise. */
export async function callUsers(ctx: AppContext, actor: TokenClaims, name: string): Promise<AgoraChannelUsers> {
  if (!(await mayWatch(ctx, actor, name))) throw notFound("no such call");
  const config = await requireAgora(ctx);
  const raw = (await agoraRest(ctx, config, `/dev/v1/channel/user/${encodeURIComponent(config.app_id)}/${encodeURIComponent(name)}`)) as { success?: boolean; data?: { channel_exist?: boolean; users?: unknown[] } };
  const exist = raw.data?.channel_exist === true;
  const users = exist ? (raw.data?.users ?? []).filter((u): u is number => typeof u === "number") : undefined;
  return { success: raw.success !== false, data: { channel_exist: exist, ...(users ? { users } : {}) } };
}

/** `GET /admin/agora/usages`: minutes used per day, from Agora's usage API. */
export async function callUsages(ctx: AppContext, fromDate: string, toDate: string): Promise<AgoraUsages> {
  const config = await requireAgora(ctx);
  const query = `project_id=${encodeURIComponent(config.project_id)}&from_date=${fromDate}&to_date=${toDate}&business=default`;
  const raw = (await agoraRest(ctx, config, `/dev/v3/usage?${query}`)) as { usages?: unknown[] };
  const usages = (raw.usages ?? []).map((u) => {
    const item = u as { date?: unknown; usage?: Record<string, unknown> };
    const usage = item.usage ?? {};
    return { date: num(item.date), usage: { duration_audio_all: num(usage.duration_audio_all), duration_video_hd: num(usage.duration_video_hd), duration_video_hdp: num(usage.duration_video_hdp) } };
  });
  return { usages };
}

export async function loadVoceSpaceConfig(ctx: AppContext): Promise<VoceSpaceConfig> {
  return { ...DEFAULT_VOCESPACE_CONFIG, ...((await ctx.repos.config.get<Partial<VoceSpaceConfig>>(VOCESPACE_KEY)) ?? {}) };
}

/** `GET /admin/vocespace/config`: the Redis password masked for admins; others see whether it is on and where. */
export function presentVoceSpaceConfig(config: VoceSpaceConfig, isAdmin: boolean): VoceSpaceConfig {
  if (isAdmin) return { ...config, password: mask(config.password), license: mask(config.license) };
  return { ...DEFAULT_VOCESPACE_CONFIG, enabled: config.enabled, url: config.url };
}

export async function saveVoceSpaceConfig(ctx: AppContext, input: VoceSpaceConfig, audit: AuditActor): Promise<void> {
  const stored = await loadVoceSpaceConfig(ctx);
  const keep = (given: string, old: string) => (given === SECRET_MASK ? old : given);
  const next = { ...input, password: keep(input.password, stored.password), license: keep(input.license, stored.license) };
  if (next.enabled && !next.url) throw badRequest("Custom domain is required when enabling Vocespace.");
  const { password: _p, license: _l, ...visible } = next;
  await setConfigAudited(ctx, VOCESPACE_KEY, next, audit, { action: "settings.vocespace", detail: { ...describeChange(visible), password_changed: next.password !== stored.password } });
}

/** `GET /admin/vocespace/health/{url}`: whether a VoceSpace server answers at `url` (any 2xx). */
export async function voceSpaceHealthy(ctx: AppContext, url: string): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw badRequest("not a URL");
  }
  try {
    const answer = await outbound({ method: "GET", url: target.toString() }, outboundOptions(ctx.config.previewAllowPrivate, NOTIFY_TIMEOUT_MS));
    return answer.status >= 200 && answer.status < 300;
  } catch {
    return false;
  }
}
