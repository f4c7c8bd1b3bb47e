/**
 * Link preview cards under a text or markdown message, from the server's Open Graph reader
 * (`GET /resource/open_graphic_parse`), when the server's `enable_msg_url_preview` is on. The
 * server fetches the page (SSRF-safe); the client never contacts the linked site — so no og:image
 * or favicon is drawn (the CSP only allows this origin), just the text facts. Loaded with the
 * first message that has a link (`LinkPreview.tsx`).
 */
import type { ExtSetting, SystemCommon } from "@parley/protocol";
import { useMemo } from "react";
import { useAppSelector } from "../../../app/hooks";
import { hueOf } from "../../../utils/text";
import { useGetOGInfoQuery } from "./api";

/** Like the server (`enable_msg_url_preview !== false`), once the settings are known. */
export function previewEnabled(common: Partial<SystemCommon> | undefined): boolean {
  if (!common) return false;
  let ext: ExtSetting = {};
  try {
    ext = typeof common.ext_setting === "string" && common.ext_setting ? (JSON.parse(common.ext_setting) as ExtSetting) : {};
  } catch {
    // an unreadable ext_setting counts as the defaults
  }
  return ext?.enable_msg_url_preview !== false;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

function PreviewCard({ url }: { url: string }) {
  const { data } = useGetOGInfoQuery(url);
  if (!data) return null;
  const title = data.title.trim();
  const description = data.description?.trim() ?? "";
  // A failed preview is the empty object: nothing to show.
  if (!title && !description) return null;
  const site = data.site_name?.trim() || hostOf(url);
  const hue = hueOf(hostOf(url));
  return (
    <div
      className="mt-1.5 flex max-w-lg gap-3 rounded-r-lg border-l-4 py-1 pr-3 pl-3"
      style={{ borderColor: `oklch(0.7 0.13 ${hue})` }}
      data-testid="link-preview"
    >
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5 text-xs font-semibold text-zinc-500 dark:text-zinc-400">
          <span
            className="inline-flex size-4 shrink-0 items-center justify-center rounded text-[10px] leading-none font-bold text-white uppercase"
            style={{ background: `oklch(0.6 0.14 ${hue})` }}
            aria-hidden="true"
          >
            {Array.from(site)[0]}
          </span>
          <span className="truncate" data-testid="link-preview-site">
            {site}
          </span>
        </div>
        {title && (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-0.5 line-clamp-2 text-[15px] leading-snug font-semibold text-primary-600 hover:underline dark:text-primary-300"
            data-testid="link-preview-title"
          >
            {title}
          </a>
        )}
        {description && <p className="mt-0.5 line-clamp-3 text-sm leading-snug text-zinc-600 dark:text-zinc-300">{description}</p>}
      </div>
    </div>
  );
}

/** The preview cards of a message's links, when the server has previews on. */
export default function LinkPreviewCards({ urls }: { urls: string[] }) {
  const common = useAppSelector((s) => s.server.common);
  const enabled = useMemo(() => previewEnabled(common), [common]);
  if (!enabled) return null;
  return (
    <>
      {urls.map((url) => (
        <PreviewCard key={url} url={url} />
      ))}
    </>
  );
}
