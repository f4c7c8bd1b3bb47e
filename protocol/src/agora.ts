import type { Gid, Uid } from "./common.js";

/**
 * Agora voice and video (docs/API.md "Agora"). `GET /api/admin/agora/config` answers any signed-in
 * user in VoceChat, secrets included; Parley answers admins with the secrets masked
 * (`SECRET_MASK`) and everyone else with them empty, and a `POST` of the mask keeps the stored one.
 */
export interface AgoraConfig {
  enabled: boolean;
  /** Agora's REST API (channel lists, usage). Default `https://api.agora.io`. */
  url: string;
  project_id: string;
  /** 32 hexadecimal digits, as Agora's console shows it. */
  app_id: string;
  /** Secret: 32 hexadecimal digits. */
  app_certificate: string;
  /** The RESTful API customer key (VoceChat 0.3 names it `rtm_key`). */
  rtm_key: string;
  /** Secret: the RESTful API customer secret (`rtm_secret` in VoceChat 0.3). */
  rtm_secret: string;
}

export const DEFAULT_AGORA_CONFIG: AgoraConfig = {
  enabled: false,
  url: "https://api.agora.io",
  project_id: "",
  app_id: "",
  app_certificate: "",
  rtm_key: "",
  rtm_secret: "",
};

/** `GET /api/group/{gid}/agora_token` and `POST /api/admin/agora/token`. */
export interface AgoraTokenResponse {
  agora_token: string;
  app_id: string;
  /** The caller's uid (Agora's u32 user id). */
  uid: Uid;
  /** `vocechat:group:<gid>` for a channel, `vocechat:dm:<lower uid>:<higher uid>` for a DM. */
  channel_name: string;
  /** Seconds. */
  expired_in: number;
}

/** `POST /api/admin/agora/token`: a token for a channel's call or a DM's. */
export type AgoraTokenRequest = { gid: Gid } | { uid: Uid };

/** `GET /api/admin/agora/channel/{page_no}/{page_size}`: the calls going on now that the caller may see. */
export interface AgoraChannelList {
  success: boolean;
  data: { channels: { channel_name: string; user_count: number }[]; total_size: number };
}

/** `GET /api/admin/agora/channel/user/{channel_name}/false`: who is in one call. */
export interface AgoraChannelUsers {
  success: boolean;
  data: { channel_exist: boolean; users?: number[] };
}

/** `GET /api/admin/agora/usages`. `date` in ms. */
export interface AgoraUsages {
  usages: { date: number; usage: { duration_audio_all: number; duration_video_hd: number; duration_video_hdp: number } }[];
}

/**
 * `GET/POST /api/admin/vocespace/config`: a VoceSpace meeting server the admin runs. Parley keeps
 * the settings and checks the address (`/admin/vocespace/health/{url}`); it does not deploy one.
 * `password` (Redis) is answered masked.
 */
export interface VoceSpaceConfig {
  enabled: boolean;
  url: string;
  license: string;
  password: string;
  server_type: string;
  additional_domains: Record<string, boolean>;
}

export const DEFAULT_VOCESPACE_CONFIG: VoceSpaceConfig = { enabled: false, url: "", license: "", password: "", server_type: "vps", additional_domains: {} };
