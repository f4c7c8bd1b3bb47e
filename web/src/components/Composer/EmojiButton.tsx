import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../Icons";
import { SmileIcon } from "../ChatIcons";
import { ToolButton } from "./ToolButton";

const EmojiPicker = lazy(() => import("./EmojiPicker"));

/** The emoji button and its picker, which loads on first open. */
export default function EmojiButton({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <div className="relative">
      <ToolButton
        ref={button}
        label={t("composer.emoji")}
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-haspopup="dialog"
        active={open}
        disabled={disabled}
      >
        <SmileIcon size={18} />
      </ToolButton>
      {open && (
        <div role="dialog" aria-label={t("composer.emoji")} className="absolute right-0 bottom-full z-30 mb-3">
          <Suspense
            fallback={
              <div className="flex h-[435px] w-[352px] items-center justify-center rounded-xl bg-white shadow-xl ring-1 ring-zinc-900/10 dark:bg-zinc-900 dark:ring-white/10">
                <Spinner size={20} className="text-zinc-400" />
              </div>
            }
          >
            <EmojiPicker
              anchorRef={button}
              onSelect={(emoji) => {
                onPick(emoji);
                setOpen(false);
              }}
              onClose={() => {
                setOpen(false);
                button.current?.focus();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
