import { useEffect, useState, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { offAll, on } from "../../utils/listen";
import { UploadIcon } from "../ChatIcons";

const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes("Files");

/**
 * Files dragged onto the chat area (the conversation's `[data-chat-area]` around the composer)
 * are added to the composer; while they hover, an overlay says where they will go.
 */
export default function DropZone({ anchorRef, onFiles, disabled }: { anchorRef: RefObject<HTMLElement | null>; onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation("chat");
  const [area, setArea] = useState<HTMLElement | null>(null);
  const [active, setActive] = useState(false);

  useEffect(() => {
    const el = anchorRef.current?.closest<HTMLElement>("[data-chat-area]") ?? null;
    setArea(el);
    if (!el) return;
    // dragenter/dragleave fire for every child crossed: count them.
    let depth = 0;
    // Disabled (editing, a read-only channel), files are still kept from the browser, which would
    // otherwise open them in place of the app.
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (disabled) return;
      depth++;
      setActive(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = disabled ? "none" : "copy";
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) setActive(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setActive(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length && !disabled) onFiles(files);
    };
    return offAll(on(el, "dragenter", enter), on(el, "dragover", over), on(el, "dragleave", leave), on(el, "drop", drop));
  }, [anchorRef, onFiles, disabled]);

  if (!area || !active) return null;
  return createPortal(
    <div className="pointer-events-none absolute inset-2 z-40 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary-400 bg-white/85 backdrop-blur-sm dark:border-primary-500 dark:bg-zinc-950/85" data-testid="drop-overlay">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary-600 text-white shadow-lg dark:bg-primary-500">
          <UploadIcon size={24} />
        </span>
        <p className="text-base font-semibold text-zinc-900 dark:text-white">{t("composer.files.drop_title")}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("composer.files.drop_desc")}</p>
      </div>
    </div>,
    area,
  );
}
