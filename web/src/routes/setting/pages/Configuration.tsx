import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_SYSTEM_COMMON, type ExtSetting, type SystemCommon } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useUpdateSystemCommonMutation } from "../../../app/services/adminSystem";
import { refusalText } from "../../../app/services/refusal";
import { useGetSystemCommonQuery } from "../../../app/services/server";
import { toast } from "../../../utils/toast";
import { Section, SelectRow, SwitchRow, SettingsPage } from "./parts";

/** The delays `PUT /admin/system/common` accepts for e-mail notifications, in seconds. */
const NOTIFY_DELAYS = [300, 900, 3600, 10800, 43200] as const;

/** The switches the server keeps as flags of `SystemCommon`. */
type CommonSwitch = { [K in keyof SystemCommon]: SystemCommon[K] extends boolean ? K : never }[keyof SystemCommon];
/** The switches it keeps inside the `ext_setting` JSON, with what an absent one means. */
const EXT_DEFAULTS: Required<ExtSetting> = { admin_only_can_invite: false, only_admin_can_see_channel_members: false, enable_msg_url_preview: true, notify_preview: true };

function parseExt(text: string | null | undefined): ExtSetting {
  try {
    const v: unknown = JSON.parse(text ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as ExtSetting) : {};
  } catch {
    return {};
  }
}

/**
 * `/setting/configuration` (admins): every switch of `/admin/system/common` but the file expiry
 * (on Auto-delete Messages). A change applies at once (`PUT` of that field alone), with a toast
 * saying whether it took.
 */
export default function Configuration() {
  const { t } = useTranslation("setting");
  const { isLoading, isError } = useGetSystemCommonQuery(undefined, { refetchOnMountOrArgChange: true });
  const stored = useAppSelector((s) => s.server.common);
  const [update] = useUpdateSystemCommonMutation();
  // The change being sent shows at once; the stored value returns if the server refuses it.
  const [pending, setPending] = useState<Partial<SystemCommon>>({});
  const common: SystemCommon = { ...DEFAULT_SYSTEM_COMMON, ...stored, ...pending };
  const rawExt = parseExt(stored?.ext_setting);
  const ext = { ...EXT_DEFAULTS, ...rawExt, ...parseExt(pending.ext_setting) };

  const apply = async (patch: Partial<SystemCommon>) => {
    setPending((p) => ({ ...p, ...patch }));
    const res = await update(patch);
    setPending((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !(k in patch))));
    if ("error" in res) toast.error(refusalText(res.error) ?? t("configuration.failed"));
    else toast.success(t("configuration.saved"));
  };
  // The server stores ext_setting whole: the other keys (ours and unknown ones) go along.
  const applyExt = (key: keyof ExtSetting, value: boolean) => apply({ ext_setting: JSON.stringify({ ...rawExt, [key]: value }) });

  const flag = (key: CommonSwitch, opts: { disabled?: boolean } = {}) => (
    <SwitchRow
      key={key}
      label={t(`configuration.${key}`)}
      description={t(`configuration.${key}_desc`)}
      checked={common[key]}
      disabled={opts.disabled}
      onChange={(v) => void apply({ [key]: v })}
    />
  );
  const extFlag = (key: keyof ExtSetting) => (
    <SwitchRow key={key} label={t(`configuration.${key}`)} description={t(`configuration.${key}_desc`)} checked={ext[key]} onChange={(v) => void applyExt(key, v)} />
  );

  return (
    <SettingsPage loading={isLoading} failedText={isError && !stored && t("configuration.load_failed")} testId="configuration">
      <Section title={t("configuration.general")}>
        {flag("show_user_online_status")}
        {flag("webclient_auto_update")}
        <SelectRow
          label={t("configuration.chat_layout_mode")}
          description={t("configuration.chat_layout_mode_desc")}
          value={common.chat_layout_mode}
          options={[
            { value: "Left", label: t("configuration.layout_left") },
            { value: "SelfRight", label: t("configuration.layout_self_right") },
          ]}
          onChange={(v) => void apply({ chat_layout_mode: v })}
        />
      </Section>
      <Section title={t("configuration.channels")}>
        {flag("only_admin_can_create_group")}
        {flag("who_can_invite_users")}
        {extFlag("admin_only_can_invite")}
        {extFlag("only_admin_can_see_channel_members")}
      </Section>
      <Section title={t("configuration.messages")}>
        {flag("dm_enable")}
        {extFlag("enable_msg_url_preview")}
        {flag("contact_verification_enable")}
        {flag("add_friend_enable")}
        {flag("search_user_enable")}
      </Section>
      <Section title={t("configuration.mail")} description={t("configuration.mail_hint")}>
        {flag("msg_smtp_notify_enable")}
        {extFlag("notify_preview")}
        <SelectRow
          label={t("configuration.msg_smtp_notify_delay_seconds")}
          description={t("configuration.msg_smtp_notify_delay_seconds_desc")}
          value={common.msg_smtp_notify_delay_seconds}
          disabled={!common.msg_smtp_notify_enable}
          options={NOTIFY_DELAYS.map((s) => ({ value: s, label: t(`configuration.delay.${s}`) }))}
          onChange={(v) => void apply({ msg_smtp_notify_delay_seconds: v })}
          testId="notify-delay"
        />
      </Section>
    </SettingsPage>
  );
}
