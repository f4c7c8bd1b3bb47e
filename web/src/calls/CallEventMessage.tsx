/**
 * A call's outcome as the conversation shows it (the message the server posts when a call ends,
 * `properties.call`; docs/API.md "Calls (addition)"): "Call started" in a channel, "Call ended · 12 min", "Missed call".
 */
import { useTranslation } from "react-i18next";
import type { CallMessageProperties } from "@parley/protocol";
import { PhoneIcon, PhoneOffIcon } from "./icons";

export function callOf(properties: Record<string, unknown> | null | undefined): CallMessageProperties["call"] | null {
  const call = properties?.call as CallMessageProperties["call"] | undefined;
  return call && typeof call === "object" && typeof call.event === "string" && typeof call.duration_ms === "number" ? call : null;
}

export function callDuration(ms: number): { key: "seconds" | "minutes" | "hours"; value: number; minutes: number } {
  const s = Math.round(ms / 1000);
  if (s < 60) return { key: "seconds", value: s, minutes: 0 };
  if (s < 3600) return { key: "minutes", value: Math.round(s / 60), minutes: 0 };
  return { key: "hours", value: Math.floor(s / 3600), minutes: Math.round((s % 3600) / 60) };
}

export default function CallEventMessage({ call }: { call: CallMessageProperties["call"] }) {
  const { t } = useTranslation("chat");
  const d = callDuration(call.duration_ms);
  const text =
    call.event === "ended"
      ? t("call.event.ended", { duration: t(`call.duration.${d.key}`, { value: d.value, minutes: d.minutes }) })
      : call.event === "started"
        ? t("call.event.started")
        : call.event === "missed"
          ? t("call.event.missed")
          : t("call.event.declined");
  const happened = call.event === "ended" || call.event === "started";
  return (
    <div className="inline-flex items-center gap-2 rounded-lg bg-zinc-100 px-3 py-1.5 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200" data-testid="call-event">
      {happened ? <PhoneIcon size={15} className="text-emerald-600 dark:text-emerald-400" /> : <PhoneOffIcon size={15} className="text-red-600 dark:text-red-400" />}
      {text}
    </div>
  );
}
