import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_CHANNEL_TYPES } from "@parley/protocol";
import { refusalText } from "../../../../app/services/refusal";
import { useGetChannelTypeSettingsQuery, useSetChannelTypeMutation } from "../../../../app/services/notifications";
import Alert from "../../../../components/ui/Alert";
import { Section, SwitchRow } from "../parts";

/** The services' own names (not translated); `custom_json` is said in words. */
const BRAND: Record<string, string> = {
  telegram: "Telegram",
  discord: "Discord",
  feishu: "Feishu / Lark",
  dingtalk: "DingTalk",
  wecombot: "WeCom",
  bark: "Bark",
  gotify: "Gotify",
  serverchan: "ServerChan",
  pushdeer: "PushDeer",
  matrix: "Matrix",
};

/** Admins: which channel types users may add (`POST /admin/notification/channel-types`, one type at a time). */
export default function ChannelTypes() {
  const { t } = useTranslation("setting");
  const { data, isError } = useGetChannelTypeSettingsQuery();
  const [set, { isLoading }] = useSetChannelTypeMutation();
  const [error, setError] = useState<string | null>(null);
  const enabled = new Set((data ?? []).filter((s) => s.enabled).map((s) => s.channel_type));
  const types = [...new Set([...NOTIFICATION_CHANNEL_TYPES, ...(data ?? []).map((s) => s.channel_type)])];

  const change = async (channel_type: string, on: boolean) => {
    const res = await set({ channel_type, enabled: on });
    setError("error" in res ? (refusalText(res.error) ?? t("overview_edit.failed_unknown")) : null);
  };

  return (
    <Section title={t("notify.types_title")} description={t("notify.types_hint")} testId="notify-types">
      {isError && <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{t("notify.types_load_failed")}</p>}
      {error && (
        <div className="px-5 py-4">
          <Alert tone="error" title={t("overview_edit.failed")}>
            {error}
          </Alert>
        </div>
      )}
      {types.map((type) => (
        <SwitchRow key={type} label={BRAND[type] ?? (type === "custom_json" ? t("notify.types_custom") : type)} checked={enabled.has(type)} disabled={isLoading || !data} onChange={(on) => void change(type, on)} />
      ))}
    </Section>
  );
}
