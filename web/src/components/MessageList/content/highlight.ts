/**
 * The syntax highlighter (rehype-highlight with highlight.js's common languages) and its colours:
 * a chunk of its own, loaded by the markdown renderer only when a message has a code block.
 */
import rehypeHighlight, { type Options } from "rehype-highlight";
import type { Options as MarkdownOptions } from "react-markdown";
import "./highlight.css";

// Only blocks that name their language are coloured: guessing paints plain text (logs, prose) at random.
const options: Options = { detect: false, plainText: ["text", "txt", "plain"] };

export const highlightPlugins: NonNullable<MarkdownOptions["rehypePlugins"]> = [[rehypeHighlight, options]];
