/** Mentions are written ` @<uid> ` in message text (spec §3). */
export const MENTION_SPLIT = /(@\d+)(?=\s|$)/g;

/**
 * Markdown source with each known ` @<uid> ` turned into a link to `#mention-<uid>`, which the
 * markdown renderer shows as the user's name. Code spans and fenced blocks are left alone.
 */
export function markdownWithMentions(text: string, nameOf: (uid: number) => string | undefined): string {
  const parts = text.split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part.replace(/(^|\s)@(\d+)(?=\s|$)/g, (whole, lead: string, uid: string) => {
        const name = nameOf(Number(uid));
        if (name === undefined) return whole;
        const label = `@${name}`.replace(/[\\[\]*_`<>]/g, (c) => `\\${c}`);
        return `${lead}[${label}](#mention-${uid})`;
      });
    })
    .join("");
}
