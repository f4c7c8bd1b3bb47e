/**
 * emoji-mart's picker (the vanilla custom element) with its data bundled, so nothing is fetched
 * from a CDN. Loaded lazily: this module, emoji-mart and the data arrive on first open.
 */
import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Picker } from "emoji-mart";
import data from "@emoji-mart/data";

/** emoji-mart's CSS variables (rgb triplets) set to the app's palette: zinc and primary. */
const PALETTE = {
  light: { "--rgb-background": "255, 255, 255", "--rgb-input": "255, 255, 255", "--rgb-color": "24, 24, 27", "--rgb-accent": "79, 57, 246" },
  dark: { "--rgb-background": "24, 24, 27", "--rgb-input": "39, 39, 42", "--rgb-color": "244, 244, 245", "--rgb-accent": "124, 134, 255" },
} as const;

const currentTheme = () => (document.documentElement.classList.contains("dark") ? "dark" : "light");

function applyTheme(picker: HTMLElement & { update?: (props: object) => void }, theme: "light" | "dark") {
  for (const [name, value] of Object.entries(PALETTE[theme])) picker.style.setProperty(name, value);
  picker.update?.({ theme });
}

interface Props {
  onSelect: (native: string) => void;
  onClose: () => void;
  /** The toggle button: a click on it is not a click outside. */
  anchorRef: RefObject<HTMLElement | null>;
}

interface EmojiSelection {
  native?: string;
}

/**
 * emoji-mart's own texts for each UI language (its locale code; VoceChat's `jp` is its `ja`),
 * each a chunk loaded when first needed; English is built in.
 */
const PICKER_TEXTS: Record<string, { locale: string; load: () => Promise<{ default: unknown }> }> = {
  zh: { locale: "zh", load: () => import("@emoji-mart/data/i18n/zh.json") },
  jp: { locale: "ja", load: () => import("@emoji-mart/data/i18n/ja.json") },
  de: { locale: "de", load: () => import("@emoji-mart/data/i18n/de.json") },
  es: { locale: "es", load: () => import("@emoji-mart/data/i18n/es.json") },
  fr: { locale: "fr", load: () => import("@emoji-mart/data/i18n/fr.json") },
  pt: { locale: "pt", load: () => import("@emoji-mart/data/i18n/pt.json") },
  ru: { locale: "ru", load: () => import("@emoji-mart/data/i18n/ru.json") },
  tr: { locale: "tr", load: () => import("@emoji-mart/data/i18n/tr.json") },
};

export async function pickerI18n(language: string): Promise<{ locale: string; messages: unknown }> {
  const texts = PICKER_TEXTS[language.split("-")[0]];
  return texts ? { locale: texts.locale, messages: (await texts.load()).default } : { locale: "en", messages: undefined };
}

export default function EmojiPicker({ onSelect, onClose, anchorRef }: Props) {
  const { i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  // The latest callbacks, without re-creating the picker when the parent re-renders.
  const handlers = useRef({ onSelect, onClose });
  useEffect(() => {
    handlers.current = { onSelect, onClose };
  });

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let picker: HTMLElement | null = null;
    let cancelled = false;
    // The app's theme is the `dark` class on <html> (it follows the system in "auto"): follow it.
    const observer = new MutationObserver(() => picker && applyTheme(picker, currentTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const language = i18n.language;
    void pickerI18n(language).then(({ locale, messages }) => {
      if (cancelled) return;
      const theme = currentTheme();
      picker = new Picker({
        data,
        i18n: messages,
        locale,
        theme,
        autoFocus: true,
        previewPosition: "none",
        skinTonePosition: "search",
        maxFrequentRows: 2,
        perLine: 9,
        onEmojiSelect: (emoji: EmojiSelection) => {
          if (emoji.native) handlers.current.onSelect(emoji.native);
        },
        onClickOutside: (e: MouseEvent) => {
          if (anchorRef.current?.contains(e.target as Node)) return;
          handlers.current.onClose();
        },
      }) as unknown as HTMLElement;
      picker.style.setProperty("--shadow", "none");
      picker.style.setProperty("--border-radius", "12px");
      applyTheme(picker, theme);
      el.appendChild(picker);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      picker?.remove();
    };
  }, [i18n.language, anchorRef]);

  return (
    <div
      ref={host}
      className="min-h-[435px] min-w-[352px] overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-zinc-900/10 dark:bg-zinc-900 dark:ring-white/10"
      data-testid="emoji-picker"
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          handlers.current.onClose();
        }
      }}
    />
  );
}
