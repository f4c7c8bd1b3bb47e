import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppSelector } from "../../../app/hooks";
import { selectIsMuted, selectIsPinnedChat, selectUnreadCount } from "../../../app/selectors";
import { usePinChatMutation, useUpdateMuteSettingMutation } from "../../../app/services/conversation";
import { markConversationRead } from "../../../app/services/readIndex";
import { ArrowLeftIcon, SettingsIcon } from "../../../components/Icons";
import { BellIcon, BellOffIcon, CheckCheckIcon, PinIcon, PinOffIcon } from "../../../components/aside/icons";
import type { MenuEntry } from "../../../components/ui/Menu";
import { durationLabel } from "../../../components/aside/duration";
import { MUTE_DURATIONS, muteBody } from "../../../components/aside/mute";
import ContextMenu from "./ContextMenu";
import type { ConvRef } from "./model";

/** The "…" / right-click menu of a sidebar conversation: pin, mute (with durations), mark as read, settings. */
export default function ConversationMenu({ conv, name, x, y, onClose }: { conv: ConvRef; name: string; x: number; y: number; onClose: (refocus: boolean) => void }) {
  const { t } = useTranslation("chat");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [view, setView] = useState<"main" | "mute">("main");
  const pinned = useAppSelector((s) => selectIsPinnedChat(s, conv.kind, conv.id));
  const muted = useAppSelector((s) => selectIsMuted(s, conv.kind, conv.id));
  const unread = useAppSelector((s) => selectUnreadCount(s, conv.kind, conv.id));
  const guest = useAppSelector((s) => s.authData.guest);
  const [pinChat] = usePinChatMutation();
  const [mute] = useUpdateMuteSettingMutation();
  const target = conv.kind === "channel" ? { gid: conv.id } : { uid: conv.id };
  const done = useCallback(
    (fn: () => void) => () => {
      onClose(true);
      fn();
    },
    [onClose],
  );

  const main: MenuEntry[] = [
    ...(unread
      ? [{ key: "read", label: t("conv_menu.mark_read"), icon: <CheckCheckIcon size={16} />, onSelect: done(() => dispatch(markConversationRead(conv.kind, conv.id))) }]
      : []),
    ...(guest
      ? []
      : [
          pinned
            ? { key: "unpin", label: t("conv_menu.unpin"), icon: <PinOffIcon size={16} />, onSelect: done(() => void pinChat({ target, pin: false })) }
            : { key: "pin", label: t("conv_menu.pin"), icon: <PinIcon size={16} />, onSelect: done(() => void pinChat({ target, pin: true })) },
        ]),
    muted
      ? { key: "unmute", label: t("conv_menu.unmute"), icon: <BellIcon size={16} />, onSelect: done(() => void mute(muteBody(conv, false))) }
      : { key: "mute", label: t("conv_menu.mute"), icon: <BellOffIcon size={16} />, onSelect: () => setView("mute") },
    ...(guest
      ? []
      : [
          "divider" as const,
          {
            key: "settings",
            label: conv.kind === "channel" ? t("conv_menu.channel_settings") : t("conv_menu.dm_settings"),
            icon: <SettingsIcon size={16} />,
            onSelect: done(() => navigate(conv.kind === "channel" ? `/setting/channel/${conv.id}/overview` : `/setting/dm/${conv.id}/overview`)),
          },
        ]),
  ];
  const durations: MenuEntry[] = [
    ...MUTE_DURATIONS.map((s) => ({
      key: `mute-${s ?? "forever"}`,
      label: s === null ? t("mute.forever") : t("mute.for", { duration: durationLabel(s, t) }),
      onSelect: done(() => void mute(muteBody(conv, s))),
    })),
    "divider",
    { key: "back", label: t("conv_menu.back"), icon: <ArrowLeftIcon size={16} />, onSelect: () => setView("main") },
  ];

  return (
    <ContextMenu
      x={x}
      y={y}
      label={t("conv_menu.label", { name })}
      title={view === "mute" ? t("conv_menu.mute_title", { name }) : undefined}
      items={view === "main" ? main : durations}
      onClose={onClose}
    />
  );
}
