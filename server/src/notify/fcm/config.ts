import { DEFAULT_FCM_CONFIG, SECRET_MASK, type FcmConfig } from "@parley/protocol";
import { createPrivateKey } from "node:crypto";
import type { AppContext } from "../../context.js";

/**
 * The FCM settings of the mobile apps (docs/API.md "FCM"), the `config` entry `fcm` as VoceChat
 * names it. The service account's private key is answered as `SECRET_MASK`, never in clear.
 */
export const FCM_CONFIG_KEY = "fcm";
export const DEFAULT_FCM_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const DEFAULT_FCM_SEND_URL = "https://fcm.googleapis.com";

export async function loadFcmConfig(ctx: AppContext): Promise<FcmConfig> {
  return { ...DEFAULT_FCM_CONFIG, ...((await ctx.repos.config.get<Partial<FcmConfig>>(FCM_CONFIG_KEY)) ?? {}) };
}

/** `GET /admin/fcm/config`: the key masked (an empty key reads `""`), the URLs in use spelled out (the contract's `token_url` is a string). */
export const presentFcmConfig = (config: FcmConfig): FcmConfig => ({
  ...config,
  token_url: config.token_url || DEFAULT_FCM_TOKEN_URL,
  send_url: config.send_url || DEFAULT_FCM_SEND_URL,
  private_key: config.private_key ? SECRET_MASK : "",
});

/**
 * A pasted key: the JSON file's `private_key` holds `\n` escapes, which admins often paste as is.
 * Answers the PEM, or null when it is no private key.
 */
export function normalizePrivateKey(given: string): string | null {
  const pem = given.includes("\\n") ? given.replaceAll("\\n", "\n") : given;
  try {
    const key = createPrivateKey(pem.trim());
    return key.asymmetricKeyType === "rsa" ? pem.trim() : null;
  } catch {
    return null;
  }
}

/** Whether this config sends: enabled, the own project (Parley has no VoceChat official relay), complete. */
export const fcmSends = (config: FcmConfig): boolean =>
  config.enabled && !config.use_official && config.project_id !== "" && config.private_key !== "" && config.client_email !== "";
