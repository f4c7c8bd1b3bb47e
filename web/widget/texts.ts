/**
 * The widget's words in the web client's nine languages, built in: the widget runs on other
 * sites and loads nothing but the API, so it does not fetch the client's locale files.
 */
export interface Texts {
  open: string;
  close: string;
  placeholder: string;
  send: string;
  unavailable: string;
  blocked: string;
  failed: string;
  online: string;
  email: string;
  emailLabel: string;
  sendLink: string;
  checkMail: string;
  mailFailed: string;
  signIn: string;
  signInButton: string;
  password: string;
  /** `{provider}`: GitHub, or an OIDC provider's domain. */
  withProvider: string;
  wrongPassword: string;
  tooMany: string;
  signInFailed: string;
  inPopup: string;
}

const ALL: Record<string, Texts> = {
  en: { open: "Open chat", close: "Close chat", placeholder: "Write a message…", send: "Send", unavailable: "Chat is not available on this site.", blocked: "This conversation was closed.", failed: "Not sent. Try again.", online: "We reply here", email: "Continue with e-mail", emailLabel: "Your e-mail", sendLink: "Send link", checkMail: "Open the link we sent you: this chat continues by itself.", mailFailed: "The link could not be sent.", signIn: "I have an account: sign in", signInButton: "Sign in", password: "Password", withProvider: "Continue with {provider}", wrongPassword: "Wrong e-mail or password.", tooMany: "Too many tries. Wait a moment.", signInFailed: "Could not sign in. Try again.", inPopup: "Finish signing in in the window that opened: this chat continues by itself." },
  zh: { open: "打开聊天", close: "关闭聊天", placeholder: "输入消息…", send: "发送", unavailable: "此网站无法使用聊天。", blocked: "此对话已关闭。", failed: "发送失败，请重试。", online: "我们会在这里回复", email: "使用电子邮件继续", emailLabel: "你的电子邮件", sendLink: "发送链接", checkMail: "请打开我们发给你的链接：此聊天会自动继续。", mailFailed: "无法发送链接。", signIn: "我有账户：登录", signInButton: "登录", password: "密码", withProvider: "使用 {provider} 继续", wrongPassword: "电子邮件或密码错误。", tooMany: "尝试次数过多，请稍候。", signInFailed: "无法登录，请重试。", inPopup: "请在打开的窗口中完成登录：此聊天会自动继续。" },
  jp: { open: "チャットを開く", close: "チャットを閉じる", placeholder: "メッセージを入力…", send: "送信", unavailable: "このサイトではチャットを利用できません。", blocked: "この会話は終了しました。", failed: "送信できませんでした。もう一度お試しください。", online: "ここで返信します", email: "メールで続ける", emailLabel: "メールアドレス", sendLink: "リンクを送信", checkMail: "送信したリンクを開いてください。このチャットは自動的に続きます。", mailFailed: "リンクを送信できませんでした。", signIn: "アカウントをお持ちの方：サインイン", signInButton: "サインイン", password: "パスワード", withProvider: "{provider} で続ける", wrongPassword: "メールアドレスまたはパスワードが違います。", tooMany: "試行回数が多すぎます。しばらくお待ちください。", signInFailed: "サインインできませんでした。もう一度お試しください。", inPopup: "開いたウィンドウでサインインを完了してください。このチャットは自動的に続きます。" },
  de: { open: "Chat öffnen", close: "Chat schließen", placeholder: "Nachricht schreiben…", send: "Senden", unavailable: "Der Chat ist auf dieser Website nicht verfügbar.", blocked: "Dieses Gespräch wurde beendet.", failed: "Nicht gesendet. Bitte erneut versuchen.", online: "Wir antworten hier", email: "Mit E-Mail fortfahren", emailLabel: "Ihre E-Mail", sendLink: "Link senden", checkMail: "Öffnen Sie den Link, den wir Ihnen geschickt haben: Dieser Chat geht von selbst weiter.", mailFailed: "Der Link konnte nicht gesendet werden.", signIn: "Ich habe ein Konto: anmelden", signInButton: "Anmelden", password: "Passwort", withProvider: "Weiter mit {provider}", wrongPassword: "E-Mail oder Passwort ist falsch.", tooMany: "Zu viele Versuche. Bitte kurz warten.", signInFailed: "Anmeldung fehlgeschlagen. Bitte erneut versuchen.", inPopup: "Schließen Sie die Anmeldung im geöffneten Fenster ab: Dieser Chat geht von selbst weiter." },
  es: { open: "Abrir chat", close: "Cerrar chat", placeholder: "Escribe un mensaje…", send: "Enviar", unavailable: "El chat no está disponible en este sitio.", blocked: "Esta conversación se cerró.", failed: "No se envió. Inténtalo de nuevo.", online: "Respondemos aquí", email: "Continuar con correo", emailLabel: "Tu correo", sendLink: "Enviar enlace", checkMail: "Abre el enlace que te enviamos: este chat continuará solo.", mailFailed: "No se pudo enviar el enlace.", signIn: "Tengo una cuenta: iniciar sesión", signInButton: "Iniciar sesión", password: "Contraseña", withProvider: "Continuar con {provider}", wrongPassword: "Correo o contraseña incorrectos.", tooMany: "Demasiados intentos. Espera un momento.", signInFailed: "No se pudo iniciar sesión. Inténtalo de nuevo.", inPopup: "Termina de iniciar sesión en la ventana que se abrió: este chat continuará solo." },
  fr: { open: "Ouvrir le chat", close: "Fermer le chat", placeholder: "Écrivez un message…", send: "Envoyer", unavailable: "Le chat n’est pas disponible sur ce site.", blocked: "Cette conversation a été fermée.", failed: "Non envoyé. Réessayez.", online: "Nous répondons ici", email: "Continuer par e-mail", emailLabel: "Votre e-mail", sendLink: "Envoyer le lien", checkMail: "Ouvrez le lien que nous vous avons envoyé : ce chat continue de lui-même.", mailFailed: "Le lien n’a pas pu être envoyé.", signIn: "J’ai un compte : se connecter", signInButton: "Se connecter", password: "Mot de passe", withProvider: "Continuer avec {provider}", wrongPassword: "E-mail ou mot de passe incorrect.", tooMany: "Trop de tentatives. Patientez un instant.", signInFailed: "Connexion impossible. Réessayez.", inPopup: "Terminez la connexion dans la fenêtre ouverte : ce chat continue de lui-même." },
  pt: { open: "Abrir chat", close: "Fechar chat", placeholder: "Escreva uma mensagem…", send: "Enviar", unavailable: "O chat não está disponível neste site.", blocked: "Esta conversa foi encerrada.", failed: "Não enviado. Tente novamente.", online: "Respondemos aqui", email: "Continuar com e-mail", emailLabel: "O seu e-mail", sendLink: "Enviar ligação", checkMail: "Abra a ligação que lhe enviámos: este chat continua sozinho.", mailFailed: "Não foi possível enviar a ligação.", signIn: "Tenho uma conta: iniciar sessão", signInButton: "Iniciar sessão", password: "Palavra-passe", withProvider: "Continuar com {provider}", wrongPassword: "E-mail ou palavra-passe incorretos.", tooMany: "Demasiadas tentativas. Aguarde um momento.", signInFailed: "Não foi possível iniciar sessão. Tente novamente.", inPopup: "Termine o início de sessão na janela que se abriu: este chat continua sozinho." },
  ru: { open: "Открыть чат", close: "Закрыть чат", placeholder: "Напишите сообщение…", send: "Отправить", unavailable: "Чат недоступен на этом сайте.", blocked: "Этот разговор закрыт.", failed: "Не отправлено. Попробуйте ещё раз.", online: "Мы отвечаем здесь", email: "Продолжить по e-mail", emailLabel: "Ваш e-mail", sendLink: "Отправить ссылку", checkMail: "Откройте ссылку из письма: этот чат продолжится сам.", mailFailed: "Не удалось отправить ссылку.", signIn: "У меня есть учётная запись: войти", signInButton: "Войти", password: "Пароль", withProvider: "Продолжить через {provider}", wrongPassword: "Неверный e-mail или пароль.", tooMany: "Слишком много попыток. Подождите немного.", signInFailed: "Не удалось войти. Попробуйте ещё раз.", inPopup: "Завершите вход в открывшемся окне: этот чат продолжится сам." },
  tr: { open: "Sohbeti aç", close: "Sohbeti kapat", placeholder: "Bir mesaj yazın…", send: "Gönder", unavailable: "Sohbet bu sitede kullanılamıyor.", blocked: "Bu konuşma kapatıldı.", failed: "Gönderilemedi. Tekrar deneyin.", online: "Burada yanıtlıyoruz", email: "E-posta ile devam et", emailLabel: "E-postanız", sendLink: "Bağlantı gönder", checkMail: "Gönderdiğimiz bağlantıyı açın: bu sohbet kendiliğinden devam eder.", mailFailed: "Bağlantı gönderilemedi.", signIn: "Hesabım var: giriş yap", signInButton: "Giriş yap", password: "Parola", withProvider: "{provider} ile devam et", wrongPassword: "E-posta veya parola yanlış.", tooMany: "Çok fazla deneme. Biraz bekleyin.", signInFailed: "Giriş yapılamadı. Tekrar deneyin.", inPopup: "Açılan pencerede girişi tamamlayın: bu sohbet kendiliğinden devam eder." },
};

/** The page's language (`<html lang>`, then the browser's), `ja` read as the client's `jp`. */
export function textsFor(lang: string): Texts {
  const code = lang.toLowerCase().slice(0, 2);
  return ALL[code === "ja" ? "jp" : code] ?? ALL.en;
}
