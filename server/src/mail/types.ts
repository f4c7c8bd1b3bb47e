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
