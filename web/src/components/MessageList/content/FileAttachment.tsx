/**
 * One file, whatever its kind: a picture (thumbnail + lightbox), a video or audio player, or a
 * download card. Used by file messages and by the files inside forwarded archives; the caller
 * says where the bytes are.
 */
import FileCard from "./FileCard";
import { fileKind, isPicture, usesThumbnail, type FileFacts } from "./format";
import ImageAttachment from "./ImageAttachment";
import { AudioAttachment, VideoAttachment } from "./MediaAttachment";

export interface FileSource {
  /** The file inline. */
  url: string;
  /** The file as an attachment (`download=true`). */
  downloadUrl: string;
  /** The thumbnail, when there is one. */
  thumbnailUrl?: string;
}

export default function FileAttachment({ file, source, audio = false }: { file: FileFacts; source: FileSource; audio?: boolean }) {
  if (isPicture(file.contentType, file.width, file.height)) {
    const thumb = usesThumbnail(file.contentType) && source.thumbnailUrl ? source.thumbnailUrl : source.url;
    return <ImageAttachment name={file.name} width={file.width} height={file.height} thumbUrl={thumb} fullUrl={source.url} downloadUrl={source.downloadUrl} />;
  }
  const kind = fileKind(file.contentType, file.name);
  if (kind === "video") return <VideoAttachment file={file} src={source.url} downloadUrl={source.downloadUrl} />;
  if (kind === "audio" || audio) return <AudioAttachment file={file} src={source.url} downloadUrl={source.downloadUrl} />;
  return <FileCard file={file} downloadUrl={source.downloadUrl} openUrl={source.url} />;
}
