/** Video and audio files: the browser's own players, fetching only the metadata up front. */
import { useTranslation } from "react-i18next";
import { DownloadIcon } from "../../Icons";
import FileTypeIcon from "./FileTypeIcon";
import { formatFileSize, type FileFacts } from "./format";

interface Props {
  file: FileFacts;
  src: string;
  downloadUrl: string;
}

const VIDEO_MAX = { width: 400, height: 300 };
/** 16:9 until the metadata says otherwise. */
const VIDEO_DEFAULT = { width: 400, height: 225 };

function videoBox(file: FileFacts) {
  if (!file.width || !file.height) return VIDEO_DEFAULT;
  const scale = Math.min(1, VIDEO_MAX.width / file.width, VIDEO_MAX.height / file.height);
  return { width: Math.round(file.width * scale), height: Math.round(file.height * scale) };
}

function Caption({ file, downloadUrl }: { file: FileFacts; downloadUrl: string }) {
  const { t } = useTranslation("chat");
  const size = formatFileSize(file.size);
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
      <span className="truncate font-medium text-zinc-700 dark:text-zinc-200" title={file.name}>
        {file.name}
      </span>
      {size && <span className="shrink-0">{size}</span>}
      <a
        href={downloadUrl}
        download={file.name}
        className="ml-auto inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        aria-label={t("content.download_name", { name: file.name })}
        title={t("content.download")}
      >
        <DownloadIcon size={16} />
      </a>
    </div>
  );
}

export function VideoAttachment({ file, src, downloadUrl }: Props) {
  const box = videoBox(file);
  return (
    <figure className="mt-1 flex flex-col gap-1" style={{ width: box.width }} data-testid="video-attachment">
      <video
        controls
        preload="metadata"
        src={src}
        className="rounded-xl border border-zinc-200 bg-black dark:border-zinc-800"
        style={{ width: box.width, height: box.height }}
        aria-label={file.name}
      />
      <figcaption>
        <Caption file={file} downloadUrl={downloadUrl} />
      </figcaption>
    </figure>
  );
}

export function AudioAttachment({ file, src, downloadUrl }: Props) {
  return (
    <div
      className="mt-1 flex w-full max-w-sm flex-col gap-2 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 shadow-xs dark:border-zinc-700/80 dark:bg-zinc-900"
      data-testid="audio-attachment"
    >
      <div className="flex items-center gap-3">
        <FileTypeIcon kind="audio" name={file.name} size={32} />
        <div className="min-w-0 flex-1">
          <Caption file={file} downloadUrl={downloadUrl} />
        </div>
      </div>
      <audio controls preload="metadata" src={src} className="h-9 w-full" aria-label={file.name} />
    </div>
  );
}
