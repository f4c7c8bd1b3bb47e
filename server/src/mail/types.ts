/** What every mail template is given. */
export interface MailVars {
  /** The organization (server) name. */
  server: string;
  /** The link to follow. */
  link: string;
  /** How long the link works, in minutes. */
  minutes: number;
}

export type MailTemplate = "login" | "invite" | "register";

/** One mail's texts in one language. */
export interface MailTexts {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  validity: string;
  ignore: string;
}

/** A language's texts for every template. */
export type MailLanguage = Record<MailTemplate, (v: MailVars) => MailTexts>;

/** A push notification's words when it shows no preview (docs/NOTIFICATIONS.md). */
export interface PushTexts {
  newMessage: string;
  file: string;
}

/** Everything the server writes to people in one language: the mails and the push texts. */
export type ServerLanguage = MailLanguage & { push: PushTexts };
