import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `Inicia sesión en ${v.server}`,
    heading: `Inicia sesión en ${v.server}`,
    intro: `Sigue el enlace de abajo para iniciar sesión en ${v.server}.`,
    button: "Iniciar sesión",
    validity: `El enlace funciona una vez, durante ${v.minutes} minutos.`,
    ignore: "Si no lo has pedido, ignora este correo: nadie puede iniciar sesión sin el enlace.",
  }),
  invite: (v) => ({
    subject: `Te han invitado a unirte a ${v.server}`,
    heading: `Únete a ${v.server}`,
    intro: `Te han invitado a unirte a ${v.server}. Sigue el enlace de abajo y elige tu nombre para empezar.`,
    button: "Unirme",
    validity: `El enlace funciona una vez, durante ${v.minutes} minutos.`,
    ignore: "Si no quieres unirte, ignora este correo.",
  }),
  register: (v) => ({
    subject: `Confirma tu dirección de correo para ${v.server}`,
    heading: `Te damos la bienvenida a ${v.server}`,
    intro: `Sigue el enlace de abajo para confirmar tu dirección de correo y terminar tu registro en ${v.server}.`,
    button: "Confirmar y continuar",
    validity: `El enlace funciona una vez, durante ${v.minutes} minutos.`,
    ignore: "Si no te has registrado, ignora este correo: no se crea ninguna cuenta sin el enlace.",
  }),
  push: { newMessage: "Mensaje nuevo", file: "Envió un archivo" },
};

export default texts;
