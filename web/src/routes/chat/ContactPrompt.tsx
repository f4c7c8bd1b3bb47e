/**
 * The contact prompts of a DM: shown instead of the composer when the
 * server would refuse this user's messages — contact verification with the peer not added (add
 * to contacts, or block), the peer blocked by this user under verification (unblock), direct
 * messages turned off — and, above the composer, the notice that this user blocked the peer.
 * The statuses come from the footprint, so an add or unblock here, on another device or on the
 * profile page, and a change of the server settings, swap the prompt for the composer live.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ContactAction } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { useUpdateContactStatusMutation } from "../../app/services/contact";
import { InfoIcon, UserPlusIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import ConfirmDialog from "../../components/ui/ConfirmDialog";
import { BanIcon } from "../users/icons";
import type { DmGate } from "./dmGate";

function useContactAction(uid: number) {
  const [update, { isLoading, originalArgs }] = useUpdateContactStatusMutation();
  return {
    act: (action: ContactAction) => void update({ target_uid: uid, action }),
    busy: (action: ContactAction) => isLoading && originalArgs?.action === action,
  };
}

function PromptFrame({ icon, title, children, actions, tone = "neutral" }: { icon: ReactNode; title: ReactNode; children: ReactNode; actions?: ReactNode; tone?: "neutral" | "danger" }) {
  return (
    <div className="shrink-0 px-4 pb-4 sm:px-5">
      <div
        role="region"
        aria-label={typeof title === "string" ? title : undefined}
        className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3.5 sm:flex-row sm:items-center dark:border-zinc-700 dark:bg-zinc-800/50"
        data-testid="contact-prompt"
      >
        <span
          className={
            tone === "danger"
              ? "flex size-9 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950/60 dark:text-red-300"
              : "flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-700 dark:bg-primary-950 dark:text-primary-300"
          }
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50" data-testid="contact-prompt-title">
            {title}
          </p>
          <p className="mt-0.5 text-[13px] text-zinc-600 dark:text-zinc-400">{children}</p>
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** In place of the composer: what keeps this user from writing, and what they can do about it. */
export function ContactPrompt({ gate, uid, name }: { gate: Exclude<DmGate, { kind: "open" }>; uid: number; name: string }) {
  const { t } = useTranslation("chat");
  const canAdd = useAppSelector((s) => s.server.common?.add_friend_enable !== false);
  const { act, busy } = useContactAction(uid);
  const [confirmBlock, setConfirmBlock] = useState(false);

  if (gate.kind === "dm_disabled") {
    return (
      <PromptFrame icon={<InfoIcon size={18} />} title={t("contact.dm_off_title")}>
        {t("contact.dm_off_desc")}
      </PromptFrame>
    );
  }
  if (gate.kind === "blocked") {
    return (
      <PromptFrame
        tone="danger"
        icon={<BanIcon size={18} />}
        title={t("contact.blocked_title", { name })}
        actions={
          <Button variant="secondary" size="sm" loading={busy("unblock")} onClick={() => act("unblock")}>
            {t("contact.unblock")}
          </Button>
        }
      >
        {t("contact.blocked_desc", { name })}
      </PromptFrame>
    );
  }
  return (
    <>
      <PromptFrame
        icon={<UserPlusIcon size={18} />}
        title={t("contact.not_contact_title", { name })}
        actions={
          <>
            {canAdd && (
              <Button size="sm" icon={<UserPlusIcon size={15} />} loading={busy("add")} onClick={() => act("add")}>
                {t("contact.add")}
              </Button>
            )}
            <Button variant="ghost" size="sm" icon={<BanIcon size={15} />} loading={busy("block")} onClick={() => setConfirmBlock(true)}>
              {t("contact.block")}
            </Button>
          </>
        }
      >
        {canAdd ? t("contact.not_contact_desc", { name }) : t("contact.not_contact_desc_off")}
      </PromptFrame>
      {confirmBlock && (
        <ConfirmDialog
          danger
          icon={<BanIcon size={20} />}
          title={t("contact.block_confirm_title", { name })}
          description={t("contact.block_confirm_desc")}
          confirmText={t("contact.block")}
          onCancel={() => setConfirmBlock(false)}
          onConfirm={() => {
            setConfirmBlock(false);
            act("block");
          }}
        />
      )}
    </>
  );
}

/** Above the composer, when this user blocked the peer but may still write to them. */
export function BlockedNotice({ uid, name }: { uid: number; name: string }) {
  const { t } = useTranslation("chat");
  const { act, busy } = useContactAction(uid);
  return (
    <div className="shrink-0 px-4 pb-2 sm:px-5">
      <div
        className="flex items-center gap-2 rounded-lg bg-red-50 px-3 py-1.5 text-xs text-red-800 dark:bg-red-950/40 dark:text-red-200"
        role="status"
        data-testid="blocked-notice"
      >
        <BanIcon size={14} className="shrink-0" />
        <span className="min-w-0 flex-1">{t("contact.blocked_notice", { name })}</span>
        <button
          type="button"
          onClick={() => act("unblock")}
          disabled={busy("unblock")}
          className="shrink-0 rounded px-1.5 py-0.5 font-semibold underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-red-500/40 focus-visible:outline-none disabled:opacity-60"
        >
          {t("contact.unblock")}
        </button>
      </div>
    </div>
  );
}
