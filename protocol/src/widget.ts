import type { Millis, Uid } from "./common.js";

/** Where the widget's bubble sits on the page. */
export type WidgetPosition = "right" | "left";

/** The widget's look, set on the Widget settings page (docs/API.md "Widget"). */
export interface WidgetTheme {
  /** The bubble's and header's colour, `#rrggbb`. */
  color: string;
  position: WidgetPosition;
  /** The header's title; "" shows the host's name. */
  title: string;
  /** The first line a visitor reads in the panel; "" for none. */
  welcome: string;
  /** An `https:` (or `http:`) image URL shown in the header; "" for the host's avatar. */
  logo_url: string;
}

/** `GET`/`PUT /api/admin/widget/config` (admin): the theme and the sites that may embed it. */
export interface WidgetSettings extends WidgetTheme {
  /** Origins (`https://example.com`, no path) whose pages may embed the widget; CORS answers only these. */
  allowed_origins: string[];
}

/** The sign-in methods the widget offers: those of the server's login config that are set up. */
export interface WidgetLoginMethods {
  password: boolean;
  magic_link: boolean;
  /** Google, in a popup (`POST /api/widget/oauth` with `type: "google"`). */
  google: boolean;
  github: boolean;
  /** The enabled OIDC providers, by the domain `POST /api/widget/oauth` takes. */
  oidc: { domain: string; favicon: string }[];
}

/** `GET /api/widget/config?host_id=` (anyone, from a listed origin): what the widget draws. */
export interface WidgetPublicConfig extends WidgetTheme {
  host: { uid: Uid; name: string; is_bot: boolean; avatar_updated_at: Millis };
  login: WidgetLoginMethods;
}

/** `POST /api/widget/login {host_id, email, password}`: signing in to the widget with a password. */
export interface WidgetPasswordLogin {
  host_id: Uid;
  email: string;
  password: string;
}

/** `POST /api/widget/oauth {host_id, type, domain?}`: the popup's first page and the token the widget polls with. */
export interface WidgetOAuthStart {
  url: string;
  poll_token: string;
}

/**
 * `POST /api/widget/oauth/finish` (the popup's callback page): GitHub's and OIDC's code, or
 * Google's ID token (its implicit flow answers in the URL fragment); `state` names the sign-in.
 */
export type WidgetOAuthFinish = { type: "github" | "oidc"; code: string; state: string } | { type: "google"; id_token: string; state: string };

/** `POST /api/widget/visitor {host_id}`: a new visitor account bound to the host. */
export interface WidgetVisitorRequest {
  host_id: Uid;
}

/** `GET`/`POST /api/page/apikey`. */
export interface PageApiKey {
  key: string;
}

/** The pages an admin writes on the Widget settings page (`/api/page/{name}`). */
export const PAGE_NAMES = ["landing", "after_signin"] as const;
export type PageName = (typeof PAGE_NAMES)[number];
