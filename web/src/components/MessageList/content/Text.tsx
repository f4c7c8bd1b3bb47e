/**
 * Plain-text and markdown bodies, shared by messages and forwarded archives. Plain text is
 * rendered as text (React escapes it): mentions become names and web links become links.
 */
import { Fragment, lazy, Suspense } from "react";
import type { StoredUser } from "../../../app/slices/users";
import { MENTION_CLASS, MENTION_SPLIT } from "../mentions";
import { splitLinks } from "./links";

const Markdown = lazy(() => import("../Markdown"));

const LINK_CLASS = "text-primary-600 underline decoration-primary-600/30 underline-offset-2 hover:decoration-primary-600 dark:text-primary-300 dark:decoration-primary-300/40";

function Linked({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.url ? (
          <a key={i} href={part.url} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** Text with ` @<uid> ` mentions shown as names. */
function TextContent({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  const parts = text.split(MENTION_SPLIT);
  return (
    <>
      {parts.map((part, i) => {
        const m = /^@(\d+)$/.exec(part);
        const user = m ? users[Number(m[1])] : undefined;
        if (user) {
          return (
            <span key={i} className={MENTION_CLASS}>
              @{user.name}
            </span>
          );
        }
        return <Linked key={i} text={part} />;
      })}
    </>
  );
}

export function PlainText({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  return (
    <div className="text-[15px] leading-relaxed break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
      <TextContent text={text} users={users} />
    </div>
  );
}

/** Markdown, lazily loaded; the plain text stands in until the renderer arrives. */
export function MarkdownText({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  return (
    <Suspense fallback={<PlainText text={text} users={users} />}>
      <Markdown text={text} users={users} />
    </Suspense>
  );
}
