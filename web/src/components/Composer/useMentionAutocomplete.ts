/**
 * The composer's `@` autocomplete: the query at the caret, the members it matches, the active
 * option (arrows move it, Enter or Tab picks, Escape dismisses the list until the query changes),
 * and the input's combobox attributes.
 */
import { useId, useState, type KeyboardEvent } from "react";
import type { StoredUser } from "../../app/slices/users";
import { filterMentionables, findMentionQuery, insertMention } from "./mentions";
import { optionId } from "./optionId";
import type { TextState } from "./useComposerText";

interface Options {
  /** The conversation: a new one forgets a dismissed list. */
  contextKey: string;
  state: TextState;
  caret: number;
  /** Who can be mentioned here. */
  members: StoredUser[];
  disabled?: boolean;
  /** Apply a picked mention: the new text state, the caret after it. */
  replace: (next: TextState, caret: number) => void;
}

export function useMentionAutocomplete({ contextKey, state, caret, members, disabled, replace }: Options) {
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [activeState, setActiveState] = useState({ key: "", index: 0 });
  const [prevKey, setPrevKey] = useState(contextKey);
  const listId = useId();
  if (prevKey !== contextKey) {
    setPrevKey(contextKey);
    setDismissed(null);
  }

  const query = disabled ? null : findMentionQuery(state.text, caret);
  const candidates: StoredUser[] = query && query.start !== dismissed ? filterMentionables(members, query.query) : [];
  const open = candidates.length > 0;
  const queryKey = query ? `${query.start}:${query.query}` : "";
  const active = activeState.key === queryKey ? Math.min(activeState.index, candidates.length - 1) : 0;
  const setActive = (index: number) => setActiveState({ key: queryKey, index });

  const pick = (user: StoredUser) => {
    if (!query) return;
    const next = insertMention(state.text, query.start, caret, user.name);
    const mentions = [...state.mentions.filter((m) => m.uid !== user.uid), { uid: user.uid, name: user.name }];
    replace({ ...state, text: next.text, mentions }, next.caret);
  };

  /** After the text changed: fetch the list's code at the first `@`; a query gone ends a dismissal. */
  const textChanged = (text: string, at: number) => {
    if (text[at - 1] === "@") void import("./MentionList");
    if (!findMentionQuery(text, at)) setDismissed(null);
  };

  /** The list's keys while it is open; true when the key was handled here. */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>, composing: boolean): boolean => {
    if (!open || !query || composing) return false;
    const n = candidates.length;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((active + (e.key === "ArrowDown" ? 1 : n - 1)) % n);
      return true;
    }
    if ((e.key === "Enter" || e.key === "Tab") && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      pick(candidates[active]);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      setDismissed(query.start);
      return true;
    }
    return false;
  };

  /**
   * The input's autocomplete attributes. No aria-expanded: the composer is a textarea, whose role
   * (textbox) does not take it; the list is announced through aria-controls and the active option.
   */
  const inputProps = {
    "aria-autocomplete": "list" as const,
    "aria-controls": open ? listId : undefined,
    "aria-activedescendant": open ? optionId(listId, candidates[active].uid) : undefined,
  };

  return { open, candidates, active, setActive, pick, listId, inputProps, textChanged, onKeyDown, reset: () => setDismissed(null) };
}
