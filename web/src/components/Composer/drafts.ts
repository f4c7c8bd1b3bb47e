/**
 * Unsent text per conversation, kept across reloads (docs/ARCHITECTURE.md "Client rules":
 * per-device state). One localStorage key per conversation, so a keystroke rewrites only its own
 * draft; the key prefix is cleared with the session (`app/session.ts`) and by the loading screen's
 * reset. A draft remembers whether it is markdown or plain (mixed) text, and the mentions picked in
 * it.
 */
import { KEY_DRAFT_PREFIX } from "../../app/config";
import { getLocalJSON, removeLocal, setLocal } from "../../utils/storage";
import type { MentionRef } from "./mentions";

export interface Draft {
  text: string;
  markdown: boolean;
  mentions: MentionRef[];
}

const keyOf = (contextKey: string) => `${KEY_DRAFT_PREFIX}${contextKey}`;

export function loadDraft(contextKey: string): Draft | null {
  const raw = getLocalJSON<Partial<Draft>>(keyOf(contextKey));
  if (!raw || typeof raw.text !== "string") return null;
  const mentions = Array.isArray(raw.mentions)
    ? raw.mentions.filter((m): m is MentionRef => !!m && typeof m.uid === "number" && typeof m.name === "string")
    : [];
  return { text: raw.text, markdown: raw.markdown === true, mentions };
}

/** Store the draft; an empty text removes it. */
export function saveDraft(contextKey: string, draft: Draft): void {
  if (!draft.text.trim()) removeLocal(keyOf(contextKey));
  else setLocal(keyOf(contextKey), JSON.stringify(draft));
}

export function clearDraft(contextKey: string): void {
  removeLocal(keyOf(contextKey));
}
