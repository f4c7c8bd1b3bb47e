import type { ServerLanguage } from "../types.js";

const texts: ServerLanguage = {
  login: (v) => ({
    subject: `${v.server} hesabına giriş yap`,
    heading: `${v.server} hesabına giriş yap`,
    intro: `${v.server} hesabına giriş yapmak için aşağıdaki bağlantıyı izle.`,
    button: "Giriş yap",
    validity: `Bağlantı ${v.minutes} dakika boyunca bir kez çalışır.`,
    ignore: "Bunu sen istemediysen bu e-postayı yok say: bağlantı olmadan kimse giriş yapamaz.",
  }),
  invite: (v) => ({
    subject: `${v.server} topluluğuna katılmaya davet edildin`,
    heading: `${v.server} topluluğuna katıl`,
    intro: `${v.server} topluluğuna katılmaya davet edildin. Başlamak için aşağıdaki bağlantıyı izle ve adını seç.`,
    button: "Katıl",
    validity: `Bağlantı ${v.minutes} dakika boyunca bir kez çalışır.`,
    ignore: "Katılmak istemiyorsan bu e-postayı yok say.",
  }),
  register: (v) => ({
    subject: `${v.server} için e-posta adresini doğrula`,
    heading: `${v.server} topluluğuna hoş geldin`,
    intro: `E-posta adresini doğrulamak ve ${v.server} kaydını tamamlamak için aşağıdaki bağlantıyı izle.`,
    button: "Doğrula ve devam et",
    validity: `Bağlantı ${v.minutes} dakika boyunca bir kez çalışır.`,
    ignore: "Kaydolmadıysan bu e-postayı yok say: bağlantı olmadan hesap oluşturulmaz.",
  }),
  push: { newMessage: "Yeni mesaj", file: "Bir dosya gönderdi" },
};

export default texts;
