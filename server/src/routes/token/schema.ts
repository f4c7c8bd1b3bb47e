import { z } from "zod";

const device = z.string().trim().min(1).max(128);

export const loginBody = z.object({
  credential: z.discriminatedUnion("type", [
    z.object({ type: z.literal("password"), email: z.string().max(254), password: z.string().max(128) }),
    // Other methods are recognised so they get a clear 403 until they are implemented.
    z.object({ type: z.enum(["magiclink", "google", "github", "oidc", "metamask", "thirdparty", "passkey"]) }).loose(),
  ]),
  device: device.nullish(),
  device_token: z.string().max(4096).nullish(),
});

export const renewBody = z.object({
  token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
});
