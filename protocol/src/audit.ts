/**
 * The audit log (Parley addition, `GET /api/admin/audit_log`): who did what and when, for every
 * admin action and security event. `detail` names what changed, never a secret's value.
 */
export const AUDIT_ACTIONS = [
  "user.created",
  "user.updated",
  "user.role_changed",
  "user.frozen",
  "user.unfrozen",
  "user.password_reset",
  "user.avatar_changed",
  "user.deleted",
  "user.bot_key_created",
  "user.bot_key_revoked",
  "user.bot_webhook_secret_rotated",
  "account.deleted",
  "account.identity_linked",
  "account.identity_unlinked",
  "account.passkey_added",
  "account.passkey_removed",
  "admin.created",
  "settings.common",
  "settings.organization",
  "settings.logo",
  "settings.login_methods",
  "settings.smtp",
  "settings.frontend_url",
  "settings.third_party_secret",
  "settings.google_auth",
  "settings.github_auth",
  "settings.widget_css",
  "settings.widget",
  "settings.page",
  "settings.page_apikey",
  "settings.license",
  "settings.fcm",
  "settings.agora",
  "settings.vocespace",
  "settings.calls",
  "settings.notification_channel_types",
  "channel.deleted",
  "channel.cleared",
  "messages.cleared",
  "files.cleared",
  "auth.rate_limited",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The categories the admin page filters by: an action's prefix before the dot. */
export const AUDIT_CATEGORIES = ["user", "account", "admin", "settings", "channel", "messages", "files", "auth"] as const;

export interface AuditLogEntry {
  id: number;
  /** ms since the epoch. */
  created_at: number;
  /** Null when nobody was signed in (a refused login) or for the command line. */
  actor_uid: number | null;
  action: AuditAction;
  target_uid: number | null;
  target_gid: number | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
