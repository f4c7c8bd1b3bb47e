/**
 * The "more" menu of a message's hover toolbar: pin/unpin, save, forward, copy text or image,
 * and select (multi-select mode). Which entries show follows what the server would allow; the
 * work itself is done by the chat view's actions (`useConversationTools`).
 */
import { useLayoutEffect, useRef, useState } from "react";
import type { StoredMessage } from "../../../app/slices/messages";
import { BookmarkIcon, CopyIcon } from "../../Icons";
import { CheckSquareIcon, ForwardIcon, ImageIcon, MoreIcon, PinIcon } from "../../ChatIcons";
import Menu, { type MenuEntry } from "../../ui/Menu";
import { canArchive, hasText, isImage } from "../../selection/rules";
import { useMessageActions } from "../actions";
import { useMessageLabels } from "../labels";
import { useRowState } from "../rowState";
import { loadSelectionBar } from "../../selection/load";

const placementFor = (el: HTMLElement) => (el.getBoundingClientRect().bottom > window.innerHeight * 0.55 ? "top" : "bottom");

/** Tells the row when the menu opens and closes (Menu keeps that state; its trigger shows it). */
function OpenWatch({ open, onChange }: { open: boolean; onChange?: (open: boolean) => void }) {
  const was = useRef(false);
  useLayoutEffect(() => {
    if (open === was.current) return;
    was.current = open;
    onChange?.(open);
  }, [open, onChange]);
  // Unmounted while open (the row entered multi-select mode): closed, as far as the row knows.
  useLayoutEffect(
    () => () => {
      if (was.current) onChange?.(false);
    },
    [onChange],
  );
  return null;
}

interface Props {
  message: StoredMessage;
  className: string;
  align?: "start" | "end";
  /** The toolbar is visible: the trigger draws its icon. */
  shown?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export default function MoreMenu({ message, className, align = "end", shown = true, onOpenChange }: Props) {
  const labels = useMessageLabels();
  const { canPin, pin, unpin, save, forward, copyText, copyImage, select } = useMessageActions();
  const pinned = useRowState().pinnedBy.has(message.mid);
  // Near the bottom of the window the menu opens upwards, so it is not cut off by the list.
  const [placement, setPlacement] = useState<"top" | "bottom">("bottom");

  const items: MenuEntry[] = [];
  if (canPin && pin && unpin) {
    items.push(
      pinned
        ? { key: "unpin", label: labels.unpin, icon: <PinIcon size={16} />, onSelect: () => unpin(message) }
        : { key: "pin", label: labels.pin, icon: <PinIcon size={16} />, onSelect: () => pin(message) },
    );
  }
  if (canArchive(message)) {
    if (save) items.push({ key: "save", label: labels.save, icon: <BookmarkIcon size={16} />, onSelect: () => save([message.mid]) });
    if (forward) items.push({ key: "forward", label: labels.forward, icon: <ForwardIcon size={16} />, onSelect: () => forward([message.mid]) });
  }
  const copies: MenuEntry[] = [];
  if (copyText && hasText(message)) copies.push({ key: "copy", label: labels.copyText, icon: <CopyIcon size={16} />, onSelect: () => copyText(message) });
  if (copyImage && isImage(message)) copies.push({ key: "copy-image", label: labels.copyImage, icon: <ImageIcon size={16} />, onSelect: () => copyImage(message) });
  if (copies.length) items.push(...(items.length ? (["divider"] as MenuEntry[]) : []), ...copies);
  if (select) items.push(...(items.length ? (["divider"] as MenuEntry[]) : []), { key: "select", label: labels.select, icon: <CheckSquareIcon size={16} />, onSelect: () => select(message) });
  if (!items.length) return null;

  return (
    <Menu
      label={labels.more}
      align={align}
      placement={placement}
      items={items}
      trigger={({ onClick, ...props }) => (
        <>
          <OpenWatch open={props["aria-expanded"]} onChange={onOpenChange} />
          <button
            type="button"
            {...props}
            className={`${className} aria-expanded:bg-zinc-100 aria-expanded:text-zinc-800 dark:aria-expanded:bg-zinc-800 dark:aria-expanded:text-zinc-100`}
            aria-label={labels.more}
            title={labels.more}
            data-testid="message-more"
            onFocus={(e) => setPlacement(placementFor(e.currentTarget))}
            onClick={(e) => {
              setPlacement(placementFor(e.currentTarget));
              if (select) void loadSelectionBar();
              onClick();
            }}
          >
            {shown && <MoreIcon size={16} />}
          </button>
        </>
      )}
    />
  );
}
