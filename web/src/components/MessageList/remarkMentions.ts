/**
 * A remark plugin that shows the ` @<uid> ` mentions of a markdown message as `@name`. It works on
 * the parsed tree, so only prose is touched: inline code, fenced and indented code blocks hold
 * their text as a `value`, never as text nodes, and keep `@<uid>` as written. A mention in a
 * link's text stays inside the link. Unknown uids, and `@<digits>` inside a word (`a@1`), are left
 * as they are.
 */
import type { Parent, Root, Text } from "mdast";
import { findAndReplace, type RegExpMatchObject } from "mdast-util-find-and-replace";
import { MENTION_CLASS } from "./mentions";

/** A mention in the tree; turned into `<span class=… data-mention=uid>@name</span>` by `data`. */
export interface Mention extends Parent {
  type: "mention";
  children: [Text];
}

declare module "mdast" {
  interface PhrasingContentMap {
    mention: Mention;
  }
}

export interface RemarkMentionsOptions {
  nameOf: (uid: number) => string | undefined;
}

/** At the start of a text or after whitespace, and followed by whitespace or the end (the wire form). */
const MENTION = /(^|\s)@(\d+)(?=\s|$)/g;

export default function remarkMentions({ nameOf }: RemarkMentionsOptions) {
  return (tree: Root) => {
    findAndReplace(tree, [
      MENTION,
      (_whole: string, lead: string, uid: string, _match: RegExpMatchObject) => {
        const name = nameOf(Number(uid));
        // Not a mention after all: the text stays as written.
        if (name === undefined) return false;
        const mention: Mention = {
          type: "mention",
          children: [{ type: "text", value: `@${name}` }],
          data: { hName: "span", hProperties: { className: MENTION_CLASS.split(" "), dataMention: uid } },
        };
        return lead ? [{ type: "text", value: lead }, mention] : mention;
      },
    ]);
  };
}
