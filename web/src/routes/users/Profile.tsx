/**
 * A member's profile (the right pane of `/users/{uid}`): who they are, the contact actions of
 * (add, remove, block, unblock; docs/API.md "Users") and the private remark.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import clsx from "clsx";
import { MIN_VERSION } from "../../app/config";
import { useAppSelector } from "../../app/hooks";
import { useUpdateContactStatusMutation } from "../../app/services/contact";
import type { StoredUser } from "../../app/slices/users";
import { ChatIcon, MailIcon, SettingsIcon, ShieldIcon, UserPlusIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Badge from "../../components/ui/Badge";
import BotBadge from "../../components/ui/BotBadge";
import Button from "../../components/ui/Button";
import ConfirmDialog from "../../components/ui/ConfirmDialog";
import { hueOf } from "../../utils/text";
import { versionAtLeast } from "../../utils/version";
import type { ContactAction } from "@parley/protocol";
import { dmGate } from "../chat/dmGate";
import { roleOf, type ContactStatus } from "./directory";
import { BanIcon, UserCheckIcon, UserMinusIcon } from "./icons";
import RemarkField from "./RemarkField";

function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] items-center gap-3 px-4 py-3 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

export default function Profile({ user }: { user: StoredUser }) {
  const { t } = useTranslation("member");
  const navigate = useNavigate();
  const me = useAppSelector((s) => s.authData.user?.uid);
  const guest = useAppSelector((s) => s.authData.guest);
  const status = (useAppSelector((s) => s.footprint.contacts[user.uid]) ?? "") as ContactStatus;
  const remark = useAppSelector((s) => s.footprint.remarks[user.uid]) ?? "";
  const common = useAppSelector((s) => s.server.common);
  const version = useAppSelector((s) => s.server.version);
  const [update, { isLoading, originalArgs }] = useUpdateContactStatusMutation();
  const [confirmBlock, setConfirmBlock] = useState(false);

  const self = user.uid === me;
  const role = roleOf(user);
  const showOnline = common?.show_user_online_status !== false;
  // The server announces presence to others only; this session is online.
  const online = self || !!user.online;
  const canAdd = common?.add_friend_enable !== false;
  // contact_verification_enable: direct messages only to one's contacts (admins excepted,
  // as the server decides: routes/chat/dmGate.ts).
  const meUser = useAppSelector((s) => s.authData.user);
  const gate = dmGate({ me: { uid: me ?? 0, is_admin: !!meUser?.is_admin }, peer: { uid: user.uid, is_admin: !!user.is_admin }, status, common });
  const mustAdd = gate.kind === "not_contact";
  const remarks = versionAtLeast(version, MIN_VERSION.remarks);
  const display = remark || user.name;
  const hue = hueOf(user.uid);
  const act = (action: ContactAction) => void update({ target_uid: user.uid, action });
  const busy = (action: ContactAction) => isLoading && originalArgs?.action === action;

  const addButton = (variant: "primary" | "secondary") => (
    <Button variant={variant} icon={<UserPlusIcon size={16} />} loading={busy("add")} disabled={!canAdd} onClick={() => act("add")}>
      {t("contact.add")}
    </Button>
  );

  return (
    <div className="scroll-thin flex-1 overflow-y-auto" data-testid="profile">
      <div
        className="h-32 shrink-0 dark:brightness-[0.72] dark:saturate-[0.85]"
        style={{ background: `linear-gradient(120deg, oklch(0.72 0.12 ${hue}), oklch(0.58 0.15 ${(hue + 50) % 360}))` }}
        aria-hidden="true"
      />
      <div className="mx-auto max-w-2xl px-6 pb-12">
        <div className="-mt-12 flex items-end gap-4">
          <span className="rounded-full bg-white p-1 shadow-sm dark:bg-zinc-900">
            <Avatar name={user.name} seed={user.uid} src={avatarUrl(user.uid, user.avatar_updated_at)} size={96} rounded="full" online={showOnline ? online : undefined} />
          </span>
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h2 className="truncate text-2xl font-bold text-zinc-900 dark:text-white" data-testid="profile-name">
            {display}
          </h2>
          {role === "bot" ? (
            <BotBadge />
          ) : (
            <Badge tone={role === "admin" ? "primary" : "neutral"}>
              {role === "admin" && <ShieldIcon size={12} className="mr-1 inline" />}
              {t(role)}
            </Badge>
          )}
          {status === "added" && (
            <Badge tone="success" className="inline-flex items-center gap-1">
              <UserCheckIcon size={12} />
              <span data-testid="profile-contact-status">{t("contact.status_added")}</span>
            </Badge>
          )}
          {status === "blocked" && (
            <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 dark:bg-red-950/60 dark:text-red-300">
              <BanIcon size={12} />
              <span data-testid="profile-contact-status">{t("contact.status_blocked")}</span>
            </span>
          )}
        </div>
        {remark && <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{t("real_name", { name: user.name })}</p>}
        {showOnline && (
          <p className="mt-1.5 inline-flex items-center gap-1.5 text-sm text-zinc-500 dark:text-zinc-400">
            <span className={clsx("size-2 rounded-full", online ? "bg-emerald-500" : "bg-zinc-300 dark:bg-zinc-600")} />
            {online ? t("online") : t("offline")}
          </p>
        )}

        {self ? (
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <Button variant="secondary" icon={<SettingsIcon size={16} />} onClick={() => navigate("/setting/my_account")}>
              {t("edit_profile")}
            </Button>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">{t("this_is_you")}</span>
          </div>
        ) : (
          <div className="mt-6 flex flex-wrap items-center gap-2" role="group" aria-label={t("actions")}>
            {mustAdd && !guest && status !== "blocked" ? (
              addButton("primary")
            ) : (
              <Button icon={<ChatIcon size={16} />} onClick={() => navigate(`/chat/dm/${user.uid}`)}>
                {t("send_message")}
              </Button>
            )}
            {!guest && status === "" && !mustAdd && addButton("secondary")}
            {!guest && status === "added" && (
              <Button variant="secondary" icon={<UserMinusIcon size={16} />} loading={busy("remove")} onClick={() => act("remove")}>
                {t("contact.remove")}
              </Button>
            )}
            {!guest && status !== "blocked" && (
              <Button
                variant="ghost"
                className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
                icon={<BanIcon size={16} />}
                loading={busy("block")}
                onClick={() => setConfirmBlock(true)}
              >
                {t("contact.block")}
              </Button>
            )}
            {!guest && status === "blocked" && (
              <Button variant="secondary" icon={<BanIcon size={16} />} loading={busy("unblock")} onClick={() => act("unblock")}>
                {t("contact.unblock")}
              </Button>
            )}
          </div>
        )}

        {mustAdd && status !== "blocked" && (
          <Alert tone="warning" className="mt-5" title={t("verify.title")}>
            {canAdd ? t("verify.desc", { name: display }) : t("verify.desc_off", { name: display })}
          </Alert>
        )}
        {!self && status === "blocked" && (
          <Alert tone="error" className="mt-5" title={t("blocked.title", { name: display })}>
            {gate.kind === "blocked" ? t("blocked.desc_verify") : t("blocked.desc")}
          </Alert>
        )}
        {!self && status === "" && !canAdd && !mustAdd && <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">{t("contact.add_off")}</p>}

        <h3 className="mt-8 mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t("about")}</h3>
        <dl className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {user.email && (
            <Detail label={t("email")}>
              <a href={`mailto:${user.email}`} className="inline-flex max-w-full items-center gap-1.5 text-primary-700 hover:underline dark:text-primary-300">
                <MailIcon size={14} className="shrink-0" />
                <span className="truncate">{user.email}</span>
              </a>
            </Detail>
          )}
          <Detail label={t("member_id")}>
            <span className="font-mono text-zinc-700 dark:text-zinc-300">#{user.uid}</span>
          </Detail>
          {!self && !guest && (
            <Detail label={t("contact.label")}>
              <span className="text-zinc-700 dark:text-zinc-300">{t(`contact.state_${status || "none"}`)}</span>
            </Detail>
          )}
          {!self && !guest && remarks && (
            <Detail label={t("remark.label")}>
              <RemarkField key={user.uid} uid={user.uid} name={user.name} remark={remark} />
            </Detail>
          )}
        </dl>
      </div>

      {confirmBlock && (
        <ConfirmDialog
          danger
          icon={<BanIcon size={20} />}
          title={t("blocked.confirm_title", { name: display })}
          description={t("blocked.confirm_desc")}
          confirmText={t("contact.block")}
          onCancel={() => setConfirmBlock(false)}
          onConfirm={() => {
            setConfirmBlock(false);
            act("block");
          }}
        />
      )}
    </div>
  );
}
