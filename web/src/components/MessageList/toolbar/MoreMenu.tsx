/**
 * The "more" menu of a message's hover toolbar: pin/unpin, save, forward, copy text or image,
 * and select (multi-select mode). Which entries show follows what the server would allow; the
 * work itself is done by the chat view's actions (`useConversationTools`).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import type { StoredMessage } from "../../../app/slices/messages";
import { BookmarkIcon, CopyIcon } from "../../Icons";
import { CheckSquareIcon, ForwardIcon, ImageIcon, MoreIcon, PinIcon } from "../../ChatIcons";
import Menu, { type MenuEntry } from "../../ui/Menu";
import { canArchive, hasText, isImage } from "../../selection/rules";
import { useMessageActions } from "../actions";
import { loadSelectionBar } from "../../selection/load";

const EMPTY: never[] = [];

const placementFor = (el: HTMLElement) => (el.getBoundingClientRect().bottom > window.innerHeight * 0.55 ? "top" : "bottom");

export default function MoreMenu({ message, className, align = "end" }: { message: StoredMessage; className: string; align?: "start" | "end" }) {
  const { t } = useTranslation("chat");
  const { gid, canPin, pin, unpin, save, forward, copyText, copyImage, select } = useMessageActions();
  const pinned = useAppSelector((s) => (gid === undefined ? EMPTY : (s.channels.byId[gid]?.pinned_messages ?? EMPTY))).some((p) => p.mid === message.mid);
  // Near the bottom of the window the menu opens upwards, so it is not cut off by the list.
  const [placement, setPlacement] = useState<"top" | "bottom">("bottom");

  const items: MenuEntry[] = [];
  if (canPin && pin && unpin) {
    items.push(
      pinned
        ? { key: "unpin", label: t("actions.unpin"), icon: <PinIcon size={16} />, onSelect: () => unpin(message) }
        : { key: "pin", label: t("actions.pin"), icon: <PinIcon size={16} />, onSelect: () => pin(message) },
    );
  }
  if (canArchive(message)) {
    if (save) items.push({ key: "save", label: t("actions.save"), icon: <BookmarkIcon size={16} />, onSelect: () => save([message.mid]) });
    if (forward) items.push({ key: "forward", label: t("actions.forward"), icon: <ForwardIcon size={16} />, onSelect: () => forward([message.mid]) });
  }
  const copies: MenuEntry[] = [];
  if (copyText && hasText(message)) copies.push({ key: "copy", label: t("actions.copy_text"), icon: <CopyIcon size={16} />, onSelect: () => copyText(message) });
  if (copyImage && isImage(message)) copies.push({ key: "copy-image", label: t("actions.copy_image"), icon: <ImageIcon size={16} />, onSelect: () => copyImage(message) });
  if (copies.length) items.push(...(items.length ? (["divider"] as MenuEntry[]) : []), ...copies);
  if (select) items.push(...(items.length ? (["divider"] as MenuEntry[]) : []), { key: "select", label: t("actions.select"), icon: <CheckSquareIcon size={16} />, onSelect: () => select(message) });
  if (!items.length) return null;

  return (
    <Menu
      label={t("actions.more")}
      align={align}
      placement={placement}
      items={items}
      trigger={({ onClick, ...props }) => (
        <button
          type="button"
          {...props}
          className={`${className} aria-expanded:bg-zinc-100 aria-expanded:text-zinc-800 dark:aria-expanded:bg-zinc-800 dark:aria-expanded:text-zinc-100`}
          aria-label={t("actions.more")}
          title={t("actions.more")}
          data-testid="message-more"
          onFocus={(e) => setPlacement(placementFor(e.currentTarget))}
          onClick={(e) => {
            setPlacement(placementFor(e.currentTarget));
            if (select) void loadSelectionBar();
            onClick();
          }}
        >
          <MoreIcon size={16} />
        </button>
      )}
    />
  );
}
