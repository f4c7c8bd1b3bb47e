/** A document-shaped badge per file kind (colour + short label), like the big chat apps show. */
import clsx from "clsx";
import { extensionOf, type FileKind } from "./format";

const STYLE: Record<FileKind, { tone: string; label?: string }> = {
  image: { tone: "bg-sky-500", label: "IMG" },
  video: { tone: "bg-violet-500", label: "VID" },
  audio: { tone: "bg-fuchsia-500", label: "AUD" },
  pdf: { tone: "bg-red-500", label: "PDF" },
  archive: { tone: "bg-amber-500", label: "ZIP" },
  code: { tone: "bg-slate-600", label: "</>" },
  doc: { tone: "bg-blue-600", label: "DOC" },
  sheet: { tone: "bg-emerald-600", label: "XLS" },
  slides: { tone: "bg-orange-500", label: "PPT" },
  text: { tone: "bg-zinc-500", label: "TXT" },
  other: { tone: "bg-zinc-400 dark:bg-zinc-600" },
};

export default function FileTypeIcon({ kind, name, size = 40 }: { kind: FileKind; name: string; size?: number }) {
  const { tone, label } = STYLE[kind];
  // Unknown kinds show their own extension when it is short enough to read.
  const ext = extensionOf(name).toUpperCase();
  const text = label ?? (ext && ext.length <= 4 ? ext : "FILE");
  return (
    <span
      className={clsx("relative inline-flex shrink-0 items-end justify-center overflow-hidden rounded-md pb-1 text-white shadow-xs", tone)}
      style={{ width: size * 0.8, height: size }}
      aria-hidden="true"
      data-kind={kind}
    >
      {/* The folded corner. */}
      <span className="absolute top-0 right-0 size-2.5 rounded-bl-sm bg-white/35" />
      <span className="text-[9px] leading-none font-bold tracking-wide">{text}</span>
    </span>
  );
}
