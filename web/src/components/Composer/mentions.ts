/**
 * Mentions in the composer. The input shows `@Name`; the wire form is ` @<uid> ` with spaces
 * around it (docs/API.md "Sending"), which is what the message list renders as the name. The
 * composer remembers which names were picked from the list, and only those become mentions.
 */

export interface MentionRef {
  uid: number;
  name: string;
}

export interface Mentionable {
  uid: number;
  name: string;
}

/** The longest text after `@` that is still looked up (names may contain spaces). */
const MAX_QUERY = 32;
const WORD = /[\p{L}\p{N}_]/u;
const isWordChar = (c: string | undefined) => !!c && WORD.test(c);
const isSpace = (c: string | undefined) => !!c && /\s/.test(c);

/**
 * The `@query` being typed at the caret: an `@` at the start or after whitespace, and no line
 * break between it and the caret. `start` is the index of the `@`.
 */
export function findMentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const from = Math.max(0, caret - MAX_QUERY - 1);
  for (let i = caret - 1; i >= from; i--) {
    const c = text[i];
    if (c === "\n") return null;
    if (c === "@") {
      if (i > 0 && !isSpace(text[i - 1])) return null;
      const query = text.slice(i + 1, caret);
      // "@ " is not the start of a mention, and a space typed after a name (or after a picked
      // mention) ends it.
      if (/^\s|\s$/.test(query)) return null;
      return { start: i, query };
    }
  }
  return null;
}

/** Rank: 0 the name starts with the query, 1 a later word does, 2 it contains it; -1 no match. */
function rank(name: string, q: string): number {
  const n = name.toLowerCase();
  if (n.startsWith(q)) return 0;
  if (n.split(/\s+/).some((w) => w.startsWith(q))) return 1;
  return n.includes(q) ? 2 : -1;
}

/** The members matching `query` (case-insensitive), best matches first, then by name. */
export function filterMentionables<T extends Mentionable>(members: T[], query: string, limit = 8): T[] {
  const q = query.trim().toLowerCase();
  const scored: { m: T; r: number }[] = [];
  for (const m of members) {
    const r = q ? rank(m.name, q) : 0;
    if (r >= 0) scored.push({ m, r });
  }
  scored.sort((a, b) => a.r - b.r || a.m.name.localeCompare(b.m.name) || a.m.uid - b.m.uid);
  return scored.slice(0, limit).map((s) => s.m);
}

/** Replace `@query` (from `start` to the caret) with `@Name ` and put the caret after it. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const after = text.slice(caret);
  const inserted = `@${name}${after.startsWith(" ") ? "" : " "}`;
  const next = text.slice(0, start) + inserted + after;
  return { text: next, caret: start + inserted.length + (after.startsWith(" ") ? 1 : 0) };
}

/**
 * Every picked mention in `text`: `@Name` not glued to a word on either side. Longer names win
 * where one is a prefix of another ("@Bob Builder" over "@Bob").
 */
export function mentionRanges(text: string, mentions: MentionRef[]): { start: number; end: number; uid: number }[] {
  if (!mentions.length) return [];
  const byLength = [...mentions].sort((a, b) => b.name.length - a.name.length);
  const out: { start: number; end: number; uid: number }[] = [];
  for (let i = text.indexOf("@"); i >= 0; i = text.indexOf("@", i + 1)) {
    if (i > 0 && isWordChar(text[i - 1])) continue;
    for (const m of byLength) {
      const end = i + 1 + m.name.length;
      if (text.startsWith(m.name, i + 1) && !isWordChar(text[end])) {
        out.push({ start: i, end, uid: m.uid });
        i = end - 1;
        break;
      }
    }
  }
  return out;
}

/** The text to send: each picked `@Name` becomes ` @<uid> `, and the mentioned uids. */
export function toWire(text: string, mentions: MentionRef[]): { content: string; mentions: number[] } {
  const ranges = mentionRanges(text, mentions);
  if (!ranges.length) return { content: text, mentions: [] };
  let out = "";
  let pos = 0;
  for (const r of ranges) {
    out += text.slice(pos, r.start);
    const before = out.length && !isSpace(out[out.length - 1]) ? " " : "";
    const after = r.end < text.length && !isSpace(text[r.end]) ? " " : "";
    out += `${before}@${r.uid}${after}`;
    pos = r.end;
  }
  out += text.slice(pos);
  return { content: out, mentions: [...new Set(ranges.map((r) => r.uid))] };
}

/** The editable form of a sent text: ` @<uid> ` of known users shown as `@Name`. */
export function fromWire(text: string, nameOf: (uid: number) => string | undefined): { text: string; mentions: MentionRef[] } {
  const mentions = new Map<number, MentionRef>();
  const out = text.replace(/(^|\s)@(\d+)(?=\s|$)/g, (whole, lead: string, digits: string) => {
    const uid = Number(digits);
    const name = nameOf(uid);
    if (name === undefined) return whole;
    mentions.set(uid, { uid, name });
    return `${lead}@${name}`;
  });
  return { text: out, mentions: [...mentions.values()] };
}

/** Keep only the picked mentions still present in the text (drafts stay small). */
export function liveMentions(text: string, mentions: MentionRef[]): MentionRef[] {
  const uids = new Set(mentionRanges(text, mentions).map((r) => r.uid));
  return mentions.filter((m) => uids.has(m.uid));
}
