/** Per-conversation preferences shared by the DM panel and the settings pages: mute and auto-delete. */
import { useId, type SelectHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { monthDayTime } from "../../utils/dates";
import { AUTO_DELETE_MESSAGE_OPTIONS } from "@parley/protocol";
import { useAppSelector } from "../../app/hooks";
import { selectMuteEntry } from "../../app/selectors";
import { useUpdateAutoDeleteSettingMutation, useUpdateMuteSettingMutation } from "../../app/services/conversation";
import type { ConvKind } from "../../app/slices/messages";
import { durationLabel } from "./duration";
import Select from "./Select";
import { MUTE_DURATIONS, muteBody } from "./mute";

/** Where a preference is shown: a conversation (`kind`, `id`), stacked in narrow places (the side panel). */
interface PrefProps {
  kind: ConvKind;
  id: number;
  stacked?: boolean;
}

/** A preference's row: its title and description, and its select (the rest of the props). */
function PrefSelect({ title, description, stacked, ...select }: { title: string; description: string; stacked?: boolean } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  // Stacked in narrow places (the side panel): the label above, the select full width.
  return (
    <div className={stacked ? "flex flex-col gap-2 px-4 py-3.5" : "flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-5 py-4"}>
      <div className={stacked ? "min-w-0" : "min-w-44 flex-1"}>
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {title}
        </label>
        <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{description}</p>
      </div>
      <Select id={id} block={stacked} {...select} />
    </div>
  );
}

/** Notifications: on, muted for a while, or muted until turned back on. */
export function MuteSelect({ kind, id, stacked }: PrefProps) {
  const { t, i18n } = useTranslation("chat");
  const entry = useAppSelector((s) => selectMuteEntry(s, kind, id));
  const [mute, { isLoading }] = useUpdateMuteSettingMutation();
  const mutedLabel = !entry ? "" : entry.expired_at ? t("mute.until", { time: monthDayTime(entry.expired_at, i18n.language) }) : t("mute.muted_forever");
  const pick = (v: string) => {
    if (v === "on") void mute(muteBody({ kind, id }, false));
    else if (v === "forever") void mute(muteBody({ kind, id }, null));
    else if (v !== "muted") void mute(muteBody({ kind, id }, Number(v)));
  };
  return (
    <PrefSelect title={t("prefs.mute_title")} description={t("prefs.mute_desc")} stacked={stacked} value={entry ? "muted" : "on"} disabled={isLoading} onChange={(e) => pick(e.target.value)} data-testid="mute-select">
      <option value="on">{t("mute.off")}</option>
      {entry && <option value="muted">{mutedLabel}</option>}
      {MUTE_DURATIONS.map((s) => (
        <option key={s ?? "forever"} value={s ?? "forever"}>
          {s === null ? t("mute.forever") : t("mute.for", { duration: durationLabel(s, t) })}
        </option>
      ))}
    </PrefSelect>
  );
}

/** Burn after reading (off, 5 min, 10 min, 1 h, 1 day, 1 week): the messages I send here expire. */
export function AutoDeleteSelect({ kind, id, stacked }: PrefProps) {
  const { t } = useTranslation("chat");
  const value = useAppSelector((s) => (kind === "channel" ? s.footprint.autoDeleteChannels[id] : s.footprint.autoDeleteUsers[id])) ?? 0;
  const [update, { isLoading }] = useUpdateAutoDeleteSettingMutation();
  const options: number[] = [...AUTO_DELETE_MESSAGE_OPTIONS];
  if (!options.includes(value)) options.push(value);
  const pick = (expires_in: number) => void update(kind === "channel" ? { groups: [{ gid: id, expires_in }] } : { users: [{ uid: id, expires_in }] });
  return (
    <PrefSelect title={t("prefs.auto_delete_title")} description={t("prefs.auto_delete_desc")} stacked={stacked} value={value} disabled={isLoading} onChange={(e) => pick(Number(e.target.value))} data-testid="auto-delete-select">
      {options.map((s) => (
        <option key={s} value={s}>
          {s === 0 ? t("auto_delete.off") : durationLabel(s, t)}
        </option>
      ))}
    </PrefSelect>
  );
}
