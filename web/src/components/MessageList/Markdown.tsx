/**
 * Markdown messages (react-markdown + GFM). Safe by construction: raw HTML is not rendered (no
 * rehype-raw), URLs go through react-markdown's default transform (no `javascript:`), and links
 * open in a new tab without an opener. Loaded lazily by MessageContent.
 */
import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import type { StoredUser } from "../../app/slices/users";
import { markdownWithMentions } from "./mentions";

const MENTION_CLASS = "rounded bg-primary-100 px-0.5 font-medium text-primary-700 dark:bg-primary-900/60 dark:text-primary-200";

const components: Components = {
  a({ href, children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
    if (href?.startsWith("#mention-")) return <span className={MENTION_CLASS}>{children}</span>;
    return (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
};

export default function Markdown({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  const source = markdownWithMentions(text, (uid) => users[uid]?.name);
  return (
    <div
      className="md flow-root text-[15px] leading-relaxed break-words text-zinc-800 dark:text-zinc-200 [&_a]:text-primary-600 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-primary-300 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-600 dark:[&_blockquote]:text-zinc-400 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[13px] dark:[&_code]:bg-zinc-800 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_pre]:my-1.5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-100 [&_pre]:p-3 dark:[&_pre]:bg-zinc-800/80 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-1.5 [&_table]:border-collapse [&_td]:border [&_td]:border-zinc-300 [&_td]:px-2 [&_td]:py-1 dark:[&_td]:border-zinc-700 [&_th]:border [&_th]:border-zinc-300 [&_th]:px-2 [&_th]:py-1 [&_th]:font-semibold dark:[&_th]:border-zinc-700 [&_ul]:list-disc [&_ul]:pl-6"
      data-testid="markdown"
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
