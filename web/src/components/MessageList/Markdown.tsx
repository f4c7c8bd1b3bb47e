/**
 * Markdown messages (react-markdown + GFM). Safe by construction: raw HTML is not rendered (no
 * rehype-raw), URLs go through react-markdown's default transform (no `javascript:`), and links
 * open in a new tab without an opener. Loaded lazily by MessageContent. Code blocks get a
 * language label and a copy button; their syntax colours come from a second lazy chunk
 * (content/highlight), fetched only when a message has a fenced block.
 */
import { useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import ReactMarkdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";
import type { StoredUser } from "../../app/slices/users";
import { toast } from "../../utils/toast";
import { CheckIcon, CopyIcon } from "../Icons";
import remarkMentions from "./remarkMentions";

type Plugins = NonNullable<Options["rehypePlugins"]>;

let highlighter: Plugins | null = null;
let loading: Promise<Plugins> | null = null;
const loadHighlighter = () =>
  (loading ??= import("./content/highlight").then((m) => {
    highlighter = m.highlightPlugins;
    return highlighter;
  }));

/** The highlighter once loaded; messages without a fenced block never ask for it. */
function useHighlighter(needed: boolean): Plugins | undefined {
  const [plugins, setPlugins] = useState<Plugins | null>(highlighter);
  useEffect(() => {
    if (!needed || plugins) return;
    let live = true;
    loadHighlighter()
      .then((p) => live && setPlugins(p))
      .catch(() => {
        // Uncoloured code is still readable; a failed chunk is not worth an error.
        loading = null;
      });
    return () => {
      live = false;
    };
  }, [needed, plugins]);
  return needed && plugins ? plugins : undefined;
}

function CodeBlock({ children, node: _node, ...rest }: ComponentProps<"pre"> & { node?: unknown }) {
  const { t } = useTranslation("chat");
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const lang = /language-([\w+#-]+)/.exec((children as { props?: { className?: string } })?.props?.className ?? "")?.[1];
  const copy = async () => {
    try {
      const code = ref.current?.querySelector("code") ?? ref.current;
      await navigator.clipboard.writeText(code?.textContent ?? "");
      setCopied(true);
      toast.success(t("tip.copied", { ns: "common" }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1500);
    } catch {
      // no clipboard (insecure context): nothing copied, nothing claimed
    }
  };
  return (
    <div className="group/code relative my-1.5" data-testid="code-block">
      <div className="absolute top-1.5 right-1.5 flex items-center gap-1 opacity-0 transition group-focus-within/code:opacity-100 group-hover/code:opacity-100">
        {lang && <span className="rounded px-1.5 py-0.5 font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{lang}</span>}
        <button
          type="button"
          onClick={copy}
          className="inline-flex size-7 items-center justify-center rounded-md border border-zinc-200 bg-white/90 text-zinc-500 shadow-xs transition hover:text-zinc-900 focus-visible:ring-3 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:border-zinc-700 dark:bg-zinc-900/90 dark:text-zinc-400 dark:hover:text-zinc-100"
          aria-label={t("content.copy_code")}
          title={t("content.copy_code")}
        >
          {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
        </button>
      </div>
      <pre ref={ref} {...rest}>
        {children}
      </pre>
    </div>
  );
}

const components: Components = {
  a({ href, children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
    return (
      <a {...rest} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  pre: CodeBlock,
};

/** A fenced block (``` or ~~~) at the start of a line. */
const FENCE = /(^|\n) {0,3}(```|~~~)/;

export default function Markdown({ text, users }: { text: string; users: Record<number, StoredUser> }) {
  // Mentions are found in the parsed tree (remarkMentions), never in code.
  const remarkPlugins = useMemo<NonNullable<Options["remarkPlugins"]>>(() => [remarkGfm, [remarkMentions, { nameOf: (uid: number) => users[uid]?.name }]], [users]);
  const rehypePlugins = useHighlighter(FENCE.test(text));
  return (
    <div
      className="md flow-root text-[15px] leading-relaxed break-words text-zinc-800 dark:text-zinc-200 [&_a]:text-primary-600 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-primary-300 [&_blockquote]:border-l-4 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 dark:[&_blockquote]:border-zinc-600 dark:[&_blockquote]:text-zinc-400 [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[13px] dark:[&_code]:bg-zinc-800 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-1 [&_p:first-child]:mt-0 [&_p:last-child]:mb-0 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-zinc-200 [&_pre]:bg-zinc-50 [&_pre]:p-3 [&_pre]:leading-normal dark:[&_pre]:border-zinc-800 dark:[&_pre]:bg-zinc-900 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:my-1.5 [&_table]:border-collapse [&_td]:border [&_td]:border-zinc-300 [&_td]:px-2 [&_td]:py-1 dark:[&_td]:border-zinc-700 [&_th]:border [&_th]:border-zinc-300 [&_th]:px-2 [&_th]:py-1 [&_th]:font-semibold dark:[&_th]:border-zinc-700 [&_ul]:list-disc [&_ul]:pl-6"
      data-testid="markdown"
    >
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
