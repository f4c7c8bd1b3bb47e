/** Mentions are written ` @<uid> ` in message text (docs/API.md "Sending"). */
export const MENTION_SPLIT = /(@\d+)(?=\s|$)/g;

/** How a mention (shown as `@name`) looks in plain text and markdown alike. */
export const MENTION_CLASS = "rounded bg-primary-100 px-0.5 font-medium text-primary-700 dark:bg-primary-900/60 dark:text-primary-200";
