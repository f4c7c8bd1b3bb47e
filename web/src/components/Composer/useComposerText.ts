/**
 * The composer's text: what is typed, whether it is markdown and the mentions picked in it, plus
 * the caret. Kept as a draft per conversation (drafts.ts) and brought back when the conversation
 * changes; edit mode starts from the message being edited (mentions shown by name) and leaving it
 * brings the draft back. A change can ask for the caret to land somewhere (`pendingCaret`).
 */
import { useLayoutEffect, useRef, useState } from "react";
import type { StoredUser } from "../../app/slices/users";
import { loadDraft, saveDraft } from "./drafts";
import { fromWire, liveMentions, type MentionRef } from "./mentions";

export interface TextState {
  text: string;
  markdown: boolean;
  mentions: MentionRef[];
}

const EMPTY: TextState = { text: "", markdown: false, mentions: [] };
const draftOf = (key: string): TextState => loadDraft(key) ?? EMPTY;

interface Options {
  /** The conversation (drafts are kept under it). */
  contextKey: string;
  mode?: { kind: "reply" | "edit"; mid: number; initialText?: string; markdown?: boolean } | null;
  users: Record<number, StoredUser>;
}

export function useComposerText({ contextKey, mode, users }: Options) {
  const [state, setState] = useState<TextState>(() => draftOf(contextKey));
  const [caret, setCaret] = useState(() => state.text.length);
  const [prevKey, setPrevKey] = useState(contextKey);
  const modeKey = mode ? `${mode.kind}:${mode.mid}` : "";
  const [prevMode, setPrevMode] = useState(modeKey);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const editing = mode?.kind === "edit";

  const restoreDraft = () => {
    const draft = draftOf(contextKey);
    setState(draft);
    setCaret(draft.text.length);
  };

  if (prevKey !== contextKey) {
    setPrevKey(contextKey);
    restoreDraft();
  }
  if (prevMode !== modeKey) {
    setPrevMode(modeKey);
    // Entering edit mode starts from the message (mentions shown by name); leaving it brings the draft back.
    if (mode?.kind === "edit") {
      const { text, mentions } = fromWire(mode.initialText ?? "", (uid) => users[uid]?.name);
      setState({ text, markdown: !!mode.markdown, mentions });
      setCaret(text.length);
    } else if (prevMode.startsWith("edit:")) restoreDraft();
  }

  // A caret position asked for by the last change (mention picked, emoji inserted).
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    const el = inputRef.current;
    if (at === null || !el) return;
    pendingCaret.current = null;
    el.focus();
    el.setSelectionRange(at, at);
  });

  /** The new text state (and caret), saved as the draft unless editing. */
  const update = (next: TextState, nextCaret?: number) => {
    setState(next);
    if (nextCaret !== undefined) setCaret(nextCaret);
    if (!editing) saveDraft(contextKey, { ...next, mentions: liveMentions(next.text, next.mentions) });
  };

  /** `update`, and put the caret at `at` in the input once rendered. */
  const replace = (next: TextState, at: number) => {
    pendingCaret.current = at;
    update(next, at);
  };

  const insertAtCaret = (insert: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? state.text.length;
    const end = el?.selectionEnd ?? start;
    replace({ ...state, text: state.text.slice(0, start) + insert + state.text.slice(end) }, start + insert.length);
  };

  /** After a send: the draft again when editing, else an empty text (markdown stays as it was). */
  const clear = () => {
    if (editing) restoreDraft();
    else update({ ...EMPTY, markdown: state.markdown }, 0);
  };

  return { state, caret, setCaret, update, replace, insertAtCaret, clear, inputRef, modeKey, editing };
}
