import * as z from "zod";

/** Push services' endpoints are a few hundred characters; this bounds what is stored. */
export const MAX_ENDPOINT_CHARS = 2048;

const endpoint = z.string().min(1).max(MAX_ENDPOINT_CHARS);

/** `POST /user/push/subscriptions`: `PushSubscription.toJSON()` (its `expirationTime` is ignored) and the device. */
export const subscribeBody = z.object({
  endpoint,
  keys: z.object({ p256dh: z.string().min(1).max(128), auth: z.string().min(1).max(64) }),
  device: z.string().max(128).nullish(),
});

export const unsubscribeBody = z.object({ endpoint });
