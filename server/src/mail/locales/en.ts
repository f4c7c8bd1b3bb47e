import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `Sign in to ${v.server}`,
    heading: `Sign in to ${v.server}`,
    intro: `Follow the link below to sign in to ${v.server}.`,
    button: "Sign in",
    validity: `The link works once, for ${v.minutes} minutes.`,
    ignore: "If you did not ask for it, ignore this e-mail: nobody can sign in without the link.",
  }),
  invite: (v) => ({
    subject: `You are invited to join ${v.server}`,
    heading: `Join ${v.server}`,
    intro: `You have been invited to join ${v.server}. Follow the link below and choose your name to get started.`,
    button: "Join",
    validity: `The link works once, for ${v.minutes} minutes.`,
    ignore: "If you do not want to join, ignore this e-mail.",
  }),
  register: (v) => ({
    subject: `Confirm your e-mail address for ${v.server}`,
    heading: `Welcome to ${v.server}`,
    intro: `Follow the link below to confirm your e-mail address and finish signing up to ${v.server}.`,
    button: "Confirm and continue",
    validity: `The link works once, for ${v.minutes} minutes.`,
    ignore: "If you did not sign up, ignore this e-mail: no account is created without the link.",
  }),
  push: { newMessage: "New message", file: "Sent a file" },
};

export default texts;
