import * as z from "zod";

const secretish = z.string().max(256);
/** Agora's app id and certificate: 32 hexadecimal digits (empty while unset; the mask keeps a stored one). */
const hex32 = z.string().regex(/^([0-9a-fA-F]{32})?$/, "32 hexadecimal digits");

/** `POST /admin/agora/config` (docs/API.md "Agora"). VoceChat's newer clients send `customer_id/customer_secret`. */
export const agoraConfigBody = z
  .object({
    enabled: z.boolean(),
    url: z.url({ protocol: /^https?$/ }).max(2_048).nullish(),
    project_id: z.string().max(256),
    app_id: hex32,
    app_certificate: z.union([hex32, z.literal("********")]),
    rtm_key: secretish.nullish(),
    rtm_secret: secretish.nullish(),
    customer_id: secretish.nullish(),
    customer_secret: secretish.nullish(),
  })
  .transform(({ customer_id, customer_secret, rtm_key, rtm_secret, url, ...rest }) => ({
    ...rest,
    url: url ?? "https://api.agora.io",
    rtm_key: rtm_key ?? customer_id ?? "",
    rtm_secret: rtm_secret ?? customer_secret ?? "",
  }));

/** `POST /admin/agora/token`: a channel's call or a DM's. */
export const agoraTokenBody = z.union([z.object({ gid: z.number().int().positive() }).strict(), z.object({ uid: z.number().int().positive() }).strict()]);

export const gidParams = z.object({ gid: z.coerce.number().int().positive() });

/** Page sizes are clamped, not refused: the clients ask for what they like (100 by default). */
export const channelPageParams = z.object({
  page_no: z.coerce.number().int().min(0).max(10_000),
  page_size: z.coerce.number().int().min(1).transform((n) => Math.min(n, 500)),
});

export const channelUsersParams = z.object({ channel_name: z.string().min(1).max(128), hosts_only: z.string().max(8) });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");
export const usagesQuery = z.object({ from_date: day, to_date: day });

/** `POST /admin/vocespace/config`. */
export const voceSpaceConfigBody = z.object({
  enabled: z.boolean(),
  url: z.string().trim().max(2_048),
  license: z.string().max(4_096).nullish().transform((v) => v ?? ""),
  password: z.string().max(1_024).nullish().transform((v) => v ?? ""),
  server_type: z.string().max(32).nullish().transform((v) => v ?? "vps"),
  additional_domains: z.record(z.string().max(2_048), z.boolean()).nullish().transform((v) => v ?? {}),
});

export const voceSpaceHealthParams = z.object({ url: z.string().min(1).max(2_048) });
