import * as z from "zod";

export const createAdminBody = z.object({
  email: z.email().max(254),
  name: z.string().trim().min(1).max(32),
  password: z.string().min(6).max(128),
  gender: z.number().int().min(0).max(1).nullish(),
});

const oidcEntry = z.object({ enable: z.boolean(), favicon: z.string().max(2048), domain: z.string().max(255) });

export const loginConfigBody = z.object({
  who_can_sign_up: z.enum(["EveryOne", "InvitationOnly"]),
  guest: z.boolean(),
  password: z.boolean(),
  magic_link: z.boolean(),
  google: z.boolean(),
  github: z.boolean(),
  oidc: z.array(oidcEntry).max(32),
  metamask: z.boolean(),
  third_party: z.boolean(),
  passkey: z.boolean().nullish(),
});

export const organizationBody = z.object({
  name: z.string().trim().min(1).max(64),
  description: z.string().max(1024).nullish(),
});

/** Any subset of the `/admin/system/common` fields; unknown fields are ignored. */
export const systemCommonPatch = z
  .object({
    show_user_online_status: z.boolean(),
    webclient_auto_update: z.boolean(),
    contact_verification_enable: z.boolean(),
    chat_layout_mode: z.enum(["Left", "SelfRight"]),
    max_file_expiry_mode: z.enum(["Off", "Day1", "Day7", "Day30", "Day90", "Day180"]),
    only_admin_can_create_group: z.boolean(),
    who_can_invite_users: z.boolean(),
    ext_setting: z
      .string()
      .max(8192)
      .refine((s) => {
        try {
          const v: unknown = JSON.parse(s);
          return typeof v === "object" && v !== null && !Array.isArray(v);
        } catch {
          return false;
        }
      }, "must be a JSON object")
      .nullable(),
    msg_smtp_notify_enable: z.boolean(),
    msg_smtp_notify_delay_seconds: z.union([z.literal(300), z.literal(900), z.literal(3600), z.literal(10800), z.literal(43200)]),
    dm_enable: z.boolean(),
    add_friend_enable: z.boolean(),
    search_user_enable: z.boolean(),
  })
  .partial();
