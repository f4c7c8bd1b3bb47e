/**
 * A picture in a message: its thumbnail in a box sized from the known dimensions (so the
 * virtualized list does not jump when it loads), a click opens the lightbox. Without dimensions
 * (a bot's upload) the box starts square and takes the picture's shape once it loads. A file that
 * is gone (expired, deleted) shows a placeholder in the same box.
 */
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { THUMBNAIL_MIN } from "@parley/protocol";
import { thumbnailSize } from "./format";
import type { LightboxImage } from "./Lightbox";

const Lightbox = lazy(() => import("./Lightbox"));

interface Props {
  name: string;
  width?: number;
  height?: number;
  /** What the box shows (the thumbnail, or the original for GIFs). */
  thumbUrl: string;
  /** The full-size picture for the lightbox. */
  fullUrl: string;
  downloadUrl: string;
}

export default function ImageAttachment({ name, width, height, thumbUrl, fullUrl, downloadUrl }: Props) {
  const { t } = useTranslation("chat");
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<"loading" | "loaded" | "error">("loading");
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const dims = width && height ? { width, height } : natural;
  const box = dims ? thumbnailSize(dims.width, dims.height) : { width: THUMBNAIL_MIN, height: THUMBNAIL_MIN };
  // The lightbox gets the original's size only when it is known (the natural size is the thumbnail's).
  const image: LightboxImage = { src: fullUrl, downloadUrl, name, width, height };
  if (state === "error") {
    return (
      <div
        className="mt-1 flex items-center justify-center rounded-xl border border-dashed border-zinc-300 bg-zinc-50 px-3 text-center text-xs text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400"
        style={{ width: box.width, height: box.height }}
        data-testid="image-expired"
      >
        {t("content.expired")}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="group/img relative mt-1 block overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 transition focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:border-zinc-800 dark:bg-zinc-800"
        style={{ width: box.width, height: box.height }}
        aria-label={t("content.open_image", { name })}
        title={name}
        data-testid="image-thumb"
      >
        <img
          src={thumbUrl}
          alt={name}
          width={box.width}
          height={box.height}
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={(e) => {
            setState("loaded");
            const img = e.currentTarget;
            if (!(width && height) && img.naturalWidth && img.naturalHeight) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
          }}
          onError={() => setState("error")}
          className="size-full object-cover transition duration-200 group-hover/img:scale-[1.02]"
          style={{ opacity: state === "loaded" ? 1 : 0 }}
        />
        {state === "loading" && <span className="absolute inset-0 animate-pulse bg-zinc-200/70 dark:bg-zinc-700/50" aria-hidden="true" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Lightbox image={image} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
