import type { Uid } from "@parley/protocol";

/**
 * What a widget visitor's session may do (docs/API.md "Widget"): the widget's own routes, and
 * sending to its host. Nothing else: no user or channel lists, no other conversation, no
 * settings. Routes are named by their pattern as registered (`/api/user/:uid/send`).
 */
export const VISITOR_ROUTES = new Set(["/api/widget/messages", "/api/widget/events"]);
export const VISITOR_SEND_ROUTE = "/api/user/:uid/send";

export type VisitorVerdict = { ok: true } | { ok: false; status: 403; text: string };

export const visitorPolicy = {
  /** A visitor's request to `route` (with its raw path parameters), its host being `host`. */
  mayCall(route: string, params: Record<string, unknown>, host: Uid, frozen: boolean): VisitorVerdict {
    if (frozen) return { ok: false, status: 403, text: "this visitor is blocked" };
    if (VISITOR_ROUTES.has(route)) return { ok: true };
    if (route === VISITOR_SEND_ROUTE) {
      return String(params.uid) === String(host) ? { ok: true } : { ok: false, status: 403, text: "visitors may only write to the widget's host" };
    }
    return { ok: false, status: 403, text: "visitors can only use the widget" };
  },
};
