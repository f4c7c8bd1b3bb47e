/**
 * The body of one message by content type: text (links and mentions), markdown (lazy), files
 * (pictures, players, cards), voice clips and forwarded archives; link previews under text, and
 * the burn-after-reading countdown under anything that expires. Each kind lives in `content/`.
 */
import { lazy, Suspense } from "react";
import { ContentType } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import ExpiryCountdown from "./content/Expiry";
import FileAttachment, { type FileSource } from "./content/FileAttachment";
import { fileFacts } from "./content/format";
import LinkPreviews from "./content/LinkPreview";
import { MarkdownText, PlainText } from "./content/Text";
import { fileUrl } from "./content/urls";
import CallEventMessage, { callOf } from "../../calls/CallEventMessage";

// Forwarded bundles are rare next to text: their renderer is fetched with the first one shown.
const Archive = lazy(() => import("./content/Archive"));

/**
 * Where a file message's bytes are. While a send is in flight the temporary copy may carry a
 * local object URL instead of a server path.
 */
function sourceOf(message: StoredMessage): FileSource {
  const content = message.content.trim();
  if (/^(blob|data):/.test(content)) return { url: content, downloadUrl: content, thumbnailUrl: content };
  // The body of a send is `{"path": …}`; the stored content is the path itself.
  let path = content;
  if (content.startsWith("{")) {
    try {
      path = String((JSON.parse(content) as { path?: unknown }).path ?? content);
    } catch {
      // not JSON: a path
    }
  }
  return { url: fileUrl(path), downloadUrl: fileUrl(path, { download: true }), thumbnailUrl: fileUrl(path, { thumbnail: true }) };
}

/** Files and what this client cannot show: the rows that need a translated text of their own. */
function OtherBody({ message }: { message: StoredMessage }) {
  const { t } = useTranslation("chat");
  if (message.content_type !== ContentType.file && message.content_type !== ContentType.audio) {
    return <div className="text-sm text-zinc-500 italic">{t("message.unsupported")}</div>;
  }
  const file = fileFacts(message.properties, t("content.file"));
  return <FileAttachment file={file} source={sourceOf(message)} audio={message.content_type === ContentType.audio} />;
}

function Body({ message, users }: { message: StoredMessage; users: Record<number, StoredUser> }) {
  const call = message.content_type === ContentType.text ? callOf(message.properties) : null;
  if (call) return <CallEventMessage call={call} />;
  switch (message.content_type) {
    case ContentType.text:
      return (
        <>
          <PlainText text={message.content} users={users} />
          {!message.sending && <LinkPreviews text={message.content} markdown={false} />}
        </>
      );
    case ContentType.markdown:
      return (
        <>
          <MarkdownText text={message.content} users={users} />
          {!message.sending && <LinkPreviews text={message.content} markdown />}
        </>
      );
    case ContentType.archive:
      return (
        <Suspense fallback={<div className="h-16 w-72 max-w-full animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />}>
          <Archive filePath={message.content} />
        </Suspense>
      );
    default:
      return <OtherBody message={message} />;
  }
}

export default function MessageContent({ message, users }: { message: StoredMessage; users: Record<number, StoredUser> }) {
  return (
    <>
      <Body message={message} users={users} />
      {!!message.expires_in && message.expires_in > 0 && <ExpiryCountdown message={message} />}
    </>
  );
}
