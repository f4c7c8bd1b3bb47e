/**
 * The page the widget's e-mail sign-in link opens (`GET /api/widget/email_login/confirm`): it
 * says the chat window, on the site where it was asked for, is now signed in. Plain HTML with no
 * script, in the reader's language (`Accept-Language`).
 */
const TEXTS: Record<string, [done: string, back: string, failed: string]> = {
  en: ["You are signed in", "Go back to the chat window on the website: it goes on by itself. You can close this tab.", "This link cannot be used"],
  zh: ["你已登录", "请回到网站上的聊天窗口：它会自动继续。你可以关闭此标签页。", "此链接无法使用"],
  ja: ["サインインしました", "Web サイトのチャットウィンドウに戻ってください。自動的に続きます。このタブは閉じてかまいません。", "このリンクは使用できません"],
  de: ["Sie sind angemeldet", "Kehren Sie zum Chatfenster auf der Website zurück: Es geht von selbst weiter. Sie können diesen Tab schließen.", "Dieser Link kann nicht verwendet werden"],
  es: ["Has iniciado sesión", "Vuelve a la ventana de chat del sitio web: continuará sola. Puedes cerrar esta pestaña.", "Este enlace no se puede usar"],
  fr: ["Vous êtes connecté", "Revenez à la fenêtre de chat du site : elle continue d’elle-même. Vous pouvez fermer cet onglet.", "Ce lien ne peut pas être utilisé"],
  pt: ["Sessão iniciada", "Volte à janela de chat no site: ela continua sozinha. Pode fechar este separador.", "Esta ligação não pode ser usada"],
  ru: ["Вы вошли", "Вернитесь в окно чата на сайте: оно продолжит само. Эту вкладку можно закрыть.", "Эту ссылку нельзя использовать"],
  tr: ["Oturum açtınız", "Web sitesindeki sohbet penceresine dönün: kendiliğinden devam eder. Bu sekmeyi kapatabilirsiniz.", "Bu bağlantı kullanılamaz"],
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function confirmPage(acceptLanguage: string | undefined, failure: string | null): string {
  const lang = (acceptLanguage ?? "en").split(",").map((l) => l.trim().slice(0, 2).toLowerCase()).find((l) => l in TEXTS) ?? "en";
  const [done, back, failed] = TEXTS[lang];
  const title = failure === null ? done : failed;
  const body = failure === null ? back : failure;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f4f5;color:#18181b}main{max-width:28rem;padding:2rem;margin:1rem;background:#fff;border-radius:1rem;box-shadow:0 4px 24px rgb(0 0 0/.08)}h1{font-size:1.25rem;margin:0 0 .5rem}@media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}main{background:#18181b}}</style>
</head><body><main><h1>${escape(title)}</h1><p>${escape(body)}</p></main></body></html>`;
}
