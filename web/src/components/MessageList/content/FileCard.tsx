/** A file that is not shown inline: its type, name and size, and a download button. */
import { useTranslation } from "react-i18next";
import { DownloadIcon } from "../../Icons";
import FileTypeIcon from "./FileTypeIcon";
import { fileKind, formatFileSize, type FileFacts } from "./format";

interface Props {
  file: FileFacts;
  /** The attachment URL (`download=true` added by the caller). */
  downloadUrl: string;
  /** The inline URL: opening the name shows the file in a new tab when the browser can. */
  openUrl: string;
}

export default function FileCard({ file, downloadUrl, openUrl }: Props) {
  const { t } = useTranslation("chat");
  const kind = fileKind(file.contentType, file.name);
  const size = formatFileSize(file.size);
  return (
    <div
      className="group/file mt-1 flex w-full max-w-sm items-center gap-3 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 shadow-xs transition-[border-color,box-shadow] hover:border-zinc-300 hover:shadow-sm dark:border-zinc-700/80 dark:bg-zinc-900 dark:hover:border-zinc-600"
      data-testid="file-card"
    >
      <FileTypeIcon kind={kind} name={file.name} />
      <div className="min-w-0 flex-1">
        <a
          href={openUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-semibold text-zinc-900 hover:underline dark:text-zinc-100"
          title={file.name}
          data-testid="file-name"
        >
          {file.name}
        </a>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          <span data-testid="file-size">{size}</span>
          {size && " · "}
          {t(`content.kind.${kind}`)}
        </p>
      </div>
      <a
        href={downloadUrl}
        download={file.name}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        aria-label={t("content.download_name", { name: file.name })}
        title={t("content.download")}
        data-testid="file-download"
      >
        <DownloadIcon size={18} />
      </a>
    </div>
  );
}
