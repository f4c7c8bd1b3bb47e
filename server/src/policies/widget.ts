import type { Uid } from "@parley/protocol";
import type { UserRow } from "../repos/users.js";

/** The device of an anonymous visitor's session: its host is its `widget_id`. */
export const WIDGET_DEVICE = "widget";
/** The device of a session opened in the widget of host `host` by signing in to an account (password, GitHub, OIDC). */
export const widgetDeviceFor = (host: Uid): string => `${WIDGET_DEVICE}:${host}`;
/** Whether a session is a widget's (the guards then apply `visitorPolicy`). */
export const isWidgetDevice = (device: string): boolean => device === WIDGET_DEVICE || device.startsWith(`${WIDGET_DEVICE}:`);

/**
 * What a widget visitor's session may do (docs/API.md "Widget"): the widget's own routes, and
 * sending to its host. Nothing else: no user or channel lists, no other conversation, no
 * settings. Routes are named by their pattern as registered (`/api/user/:uid/send`).
 */
export const VISITOR_ROUTES = new Set(["/api/widget/messages", "/api/widget/events"]);
export const VISITOR_SEND_ROUTE = "/api/user/:uid/send";

export type VisitorVerdict = { ok: true } | { ok: false; status: 403; text: string };

export const visitorPolicy = {
  /**
   * The host a widget session talks to, or null when `user` cannot hold one on `device`: an
   * anonymous visitor on `widget` talks to its `widget_id`; a person signed in on `widget:<host>`
   * (not a guest, a bot, or another host's visitor) talks to that host.
   */
  hostOf(user: Pick<UserRow, "create_by" | "widget_id" | "is_bot" | "uid">, device: string): Uid | null {
    if (device === WIDGET_DEVICE) return user.create_by === "widget" ? Number(user.widget_id) : null;
    const match = /^widget:([1-9][0-9]{0,15})$/.exec(device);
    if (!match || user.create_by === "guest" || user.is_bot === 1) return null;
    const host = Number(match[1]);
    if (host === user.uid || (user.create_by === "widget" && user.widget_id !== String(host))) return null;
    return host;
  },

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
