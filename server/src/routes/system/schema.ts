import { z } from "zod";

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
