import { PAGE_NAMES } from "@parley/protocol";
import * as z from "zod";
import { idParam, idValue, pageLimitParam } from "../shared.js";

export const hostQuery = z.object({ host_id: idParam });
export const visitorBody = z.object({ host_id: idValue });
/** The conversation's latest messages: 100 unless asked, a larger page clamped to 200 (as the other lists). */
export const messagesQuery = z.object({ limit: pageLimitParam(200, 100) });
export const eventsQuery = z.object({ after_mid: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });

const text = (max: number) => z.string().max(max);
export const widgetSettingsBody = z.object({
  allowed_origins: z.array(text(300)).max(200),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour #rrggbb"),
  position: z.enum(["right", "left"]),
  title: text(100),
  welcome: text(1_000),
  // An image URL shown in the header: http(s) only (no `javascript:` or `data:` into a page).
  logo_url: z.union([z.literal(""), z.url({ protocol: /^https?$/ }).max(2_000)]),
});

export const emailLoginBody = z.object({ host_id: idValue, email: z.email().max(254), language: z.string().max(35).nullish() });
export const confirmQuery = z.object({ token: z.string().min(1).max(200) });
export const pollBody = z.object({ poll_token: z.string().min(1).max(200) });
export const passwordLoginBody = z.object({ host_id: idValue, email: z.email().max(254), password: z.string().min(1).max(128) });
export const oauthStartBody = z.object({ host_id: idValue, type: z.enum(["google", "github", "oidc"]), domain: z.string().min(1).max(253).nullish() });
// GitHub and OIDC come back with a code; Google (implicit flow) with the ID token itself.
const finishState = z.string().min(1).max(500);
export const oauthFinishBody = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["github", "oidc"]), code: z.string().min(1).max(2_000), state: finishState }),
  z.object({ type: z.literal("google"), id_token: z.string().min(1).max(8192), state: finishState }),
]);

export const pageParams = z.object({ name: z.enum(PAGE_NAMES) });
