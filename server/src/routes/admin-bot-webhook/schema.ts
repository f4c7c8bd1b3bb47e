import * as z from "zod";
import { idParam, pageLimitParam } from "../shared.js";

/** `/admin/user/bot-webhook-deliveries/{uid}/{id}/retry`: one of the bot's deliveries. */
export const deliveryParams = z.object({ uid: idParam, id: idParam });

/** `GET /admin/user/bot-webhook-deliveries/{uid}?limit=`: newest first, 50 unless asked, at most 200. */
export const deliveriesQuery = z.object({ limit: pageLimitParam(200, 50) });
