import { Fragment, lazy, Suspense } from "react";
import { ContentType } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import type { StoredMessage } from "../../app/slices/messages";
import type { StoredUser } from "../../app/slices/users";
import { MENTION_SPLIT } from "./mentions";

const Markdown = lazy(() => import("./Markdown"));

/** Text with ` @<uid> ` mentions shown as names. Rendered as text: React escapes it. */
function TextContent({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  const parts = text.split(MENTION_SPLIT);
  return (
    <>
      {parts.map((part, i) => {
        const m = /^@(\d+)$/.exec(part);
        const user = m ? users[Number(m[1])] : undefined;
        if (user) {
          return (
            <span key={i} className="rounded bg-primary-100 px-0.5 font-medium text-primary-700 dark:bg-primary-900/60 dark:text-primary-200">
              @{user.name}
            </span>
          );
        }
        return <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}

function PlainText({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  return (
    <div className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
      <TextContent text={text} users={users} />
    </div>
  );
}

export default function MessageContent({ message, users }: { message: StoredMessage; users: Record<number, StoredUser> }) {
  const { t } = useTranslation("chat");
  switch (message.content_type) {
    case ContentType.text:
      return <PlainText text={message.content} users={users} />;
    case ContentType.markdown:
      return (
        <Suspense fallback={<PlainText text={message.content} users={users} />}>
          <Markdown text={message.content} users={users} />
        </Suspense>
      );
    case ContentType.file: {
      const name = typeof message.properties?.name === "string" ? message.properties.name : message.content;
      return (
        <div className="mt-1 inline-flex max-w-full items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-700">
          <span aria-hidden="true">📄</span>
          <span className="truncate">{name}</span>
        </div>
      );
    }
    default:
      return <div className="text-sm text-zinc-500 italic">{t("message.unsupported")}</div>;
  }
}
