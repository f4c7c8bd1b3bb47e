import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `Entrar em ${v.server}`,
    heading: `Entrar em ${v.server}`,
    intro: `Siga o link abaixo para entrar em ${v.server}.`,
    button: "Entrar",
    validity: `O link funciona uma vez, durante ${v.minutes} minutos.`,
    ignore: "Se você não pediu isso, ignore este e-mail: ninguém consegue entrar sem o link.",
  }),
  invite: (v) => ({
    subject: `Você foi convidado para ${v.server}`,
    heading: `Participe de ${v.server}`,
    intro: `Você foi convidado para participar de ${v.server}. Siga o link abaixo e escolha seu nome para começar.`,
    button: "Participar",
    validity: `O link funciona uma vez, durante ${v.minutes} minutos.`,
    ignore: "Se você não quiser participar, ignore este e-mail.",
  }),
  register: (v) => ({
    subject: `Confirme seu endereço de e-mail para ${v.server}`,
    heading: `Boas-vindas a ${v.server}`,
    intro: `Siga o link abaixo para confirmar seu endereço de e-mail e concluir seu cadastro em ${v.server}.`,
    button: "Confirmar e continuar",
    validity: `O link funciona uma vez, durante ${v.minutes} minutos.`,
    ignore: "Se você não se cadastrou, ignore este e-mail: nenhuma conta é criada sem o link.",
  }),
  push: { newMessage: "Nova mensagem", file: "Enviou um arquivo" },
};

export default texts;
