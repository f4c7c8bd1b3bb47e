import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `Connexion à ${v.server}`,
    heading: `Connexion à ${v.server}`,
    intro: `Suivez le lien ci-dessous pour vous connecter à ${v.server}.`,
    button: "Se connecter",
    validity: `Le lien ne fonctionne qu’une fois, pendant ${v.minutes} minutes.`,
    ignore: "Si vous n’avez rien demandé, ignorez cet e-mail : personne ne peut se connecter sans le lien.",
  }),
  invite: (v) => ({
    subject: `Vous êtes invité à rejoindre ${v.server}`,
    heading: `Rejoindre ${v.server}`,
    intro: `Vous avez été invité à rejoindre ${v.server}. Suivez le lien ci-dessous et choisissez votre nom pour commencer.`,
    button: "Rejoindre",
    validity: `Le lien ne fonctionne qu’une fois, pendant ${v.minutes} minutes.`,
    ignore: "Si vous ne souhaitez pas rejoindre, ignorez cet e-mail.",
  }),
  register: (v) => ({
    subject: `Confirmez votre adresse e-mail pour ${v.server}`,
    heading: `Bienvenue sur ${v.server}`,
    intro: `Suivez le lien ci-dessous pour confirmer votre adresse e-mail et terminer votre inscription à ${v.server}.`,
    button: "Confirmer et continuer",
    validity: `Le lien ne fonctionne qu’une fois, pendant ${v.minutes} minutes.`,
    ignore: "Si vous ne vous êtes pas inscrit, ignorez cet e-mail : aucun compte n’est créé sans le lien.",
  }),
  push: { newMessage: "Nouveau message", file: "A envoyé un fichier" },
};

export default texts;
