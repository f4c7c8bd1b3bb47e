import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `Bei ${v.server} anmelden`,
    heading: `Bei ${v.server} anmelden`,
    intro: `Folge dem Link unten, um dich bei ${v.server} anzumelden.`,
    button: "Anmelden",
    validity: `Der Link funktioniert einmal, ${v.minutes} Minuten lang.`,
    ignore: "Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Ohne den Link kann sich niemand anmelden.",
  }),
  invite: (v) => ({
    subject: `Du bist eingeladen, ${v.server} beizutreten`,
    heading: `${v.server} beitreten`,
    intro: `Du wurdest eingeladen, ${v.server} beizutreten. Folge dem Link unten und wähle deinen Namen, um loszulegen.`,
    button: "Beitreten",
    validity: `Der Link funktioniert einmal, ${v.minutes} Minuten lang.`,
    ignore: "Wenn du nicht beitreten möchtest, ignoriere diese E-Mail.",
  }),
  register: (v) => ({
    subject: `Bestätige deine E-Mail-Adresse für ${v.server}`,
    heading: `Willkommen bei ${v.server}`,
    intro: `Folge dem Link unten, um deine E-Mail-Adresse zu bestätigen und deine Registrierung bei ${v.server} abzuschließen.`,
    button: "Bestätigen und weiter",
    validity: `Der Link funktioniert einmal, ${v.minutes} Minuten lang.`,
    ignore: "Wenn du dich nicht registriert hast, ignoriere diese E-Mail: Ohne den Link wird kein Konto angelegt.",
  }),
  push: { newMessage: "Neue Nachricht", file: "Hat eine Datei gesendet" },
};

export default texts;
