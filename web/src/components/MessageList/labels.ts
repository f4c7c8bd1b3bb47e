/**
 * The texts of a message row, translated once per list instead of in every row: a row's
 * `useTranslation` hooks and some twenty `t()` calls (toolbar titles and labels, the more menu's
 * entries) were a good part of what mounting a screenful of rows costs while paging.
 */
import { createContext, useContext } from "react";
import i18n from "../../i18n";
import { timeOfDay } from "../../utils/dates";

type Translate = (key: string, options?: Record<string, unknown>) => string;

// i18n-ns: chat (the list passes its chat `t` and the UI language)
export function messageLabels(t: Translate, language: string) {
  return {
    /** A message's time of day, "14:05". */
    time: (ts: number) => timeOfDay(ts, language),
    toolbar: t("actions.label"),
    react: t("actions.react"),
    reply: t("actions.reply"),
    edit: t("actions.edit"),
    remove: t("actions.delete"),
    more: t("actions.more"),
    pickReaction: t("actions.pick_reaction"),
    reactWith: (emoji: string) => t("actions.react_with", { emoji }),
    reactionCount: (emoji: string, n: number) => t("actions.reaction_count", { emoji, n }),
    jumpToOriginal: t("actions.jump_to_original"),
    pin: t("actions.pin"),
    unpin: t("actions.unpin"),
    save: t("actions.save"),
    forward: t("actions.forward"),
    copyText: t("actions.copy_text"),
    copyImage: t("actions.copy_image"),
    select: t("actions.select"),
    reactions: t("message.reactions"),
    edited: t("message.edited"),
    sending: t("message.sending"),
    replyMissing: t("message.reply_missing"),
    attachment: t("message.attachment"),
    unknownUser: (uid: number) => t("message.unknown_user", { uid }),
    pinMark: t("pins.mark"),
    pinnedBy: (name: string) => t("pins.pinned_by", { name }),
  };
}

export type MessageLabels = ReturnType<typeof messageLabels>;

export const MessageLabelsContext = createContext<MessageLabels | null>(null);

/** The list's labels; outside a list (none so far) straight from i18next. */
export function useMessageLabels(): MessageLabels {
  return useContext(MessageLabelsContext) ?? messageLabels(i18n.getFixedT(null, "chat"), i18n.language);
}
