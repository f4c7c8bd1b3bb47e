/**
 * The embeddable widget (`GET /widget.js`, docs/API.md "Widget"): a site adds
 * `<script src="https://chat.example.com/widget.js" data-host-id="<uid>" async></script>` and its
 * visitors get a chat bubble and panel, drawn in a shadow root, talking to that host. Plain DOM,
 * no framework: it loads on other people's pages, so it stays small (its gzip size is checked in
 * e2e/tests/widget.e2e.test.ts).
 */
import type { ChatMessage } from "@parley/protocol";
import { Blocked, WidgetApi } from "./api";
import { setNote, signInPart, waitForSession } from "./signIn";
import { CSS } from "./styles";
import { textsFor } from "./texts";

const CHAT_ICON = '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
const CLOSE_ICON = '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, attrs: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = cls;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** Dark text on a light accent, white on a dark one (WCAG relative luminance). */
function onAccent(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.4 ? "#18181b" : "#ffffff";
}

/** The text a message shows: its words, or a short mark for what the widget does not draw. */
function textOf(m: ChatMessage): string | null {
  const d = m.detail as { type: string; content_type?: string; content?: string };
  if (d.type !== "normal" && d.type !== "reply") return null;
  if (d.content_type === "text/plain" || d.content_type === "text/markdown") return d.content ?? "";
  return "📎";
}

function start(script: HTMLScriptElement): void {
  const origin = new URL(script.src).origin;
  const hostId = Number(script.dataset.hostId);
  const t = textsFor(document.documentElement.lang || navigator.language || "en");
  const api = new WidgetApi(origin, hostId);

  const host = el("div", "", { "data-parley-widget": "" });
  const root = host.attachShadow({ mode: "open" });
  const wrapper = el("div", "widget-root", { "data-position": "right" });
  const style = el("style", "");
  style.textContent = CSS;
  const extra = el("style", "");
  const bubble = el("button", "widget-bubble", { type: "button", "aria-label": t.open, "aria-expanded": "false" });
  bubble.innerHTML = CHAT_ICON;
  const badge = el("span", "widget-badge", { "aria-hidden": "true" });
  badge.hidden = true;
  bubble.append(badge);
  const panel = el("section", "widget-panel", { role: "dialog", "aria-label": t.open });
  panel.hidden = true;
  const header = el("header", "widget-header");
  const logo = el("img", "widget-logo", { alt: "" });
  const heading = el("div", "widget-heading");
  const title = el("div", "widget-title");
  const subtitle = el("div", "widget-subtitle");
  subtitle.textContent = t.online;
  heading.append(title, subtitle);
  const close = el("button", "widget-icon", { type: "button", "aria-label": t.close });
  close.innerHTML = CLOSE_ICON;
  header.append(logo, heading, close);
  const list = el("div", "widget-messages", { role: "log", "aria-live": "polite" });
  const error = el("div", "widget-error", { role: "alert" });
  const composer = el("form", "widget-composer");
  const input = el("textarea", "widget-input", { rows: "1", "aria-label": t.placeholder, placeholder: t.placeholder, maxlength: "2000" });
  const send = el("button", "widget-send", { type: "submit" });
  send.textContent = t.send;
  composer.append(input, send);
  // Signing in by e-mail, to go on in another browser: a link under the composer opens a form.
  const mailToggle = el("button", "widget-link", { type: "button" });
  mailToggle.textContent = t.email;
  const mailForm = el("form", "widget-mail");
  mailForm.hidden = true;
  const mailInput = el("input", "widget-input", { type: "email", required: "", autocomplete: "email", "aria-label": t.emailLabel, placeholder: t.emailLabel });
  const mailSend = el("button", "widget-send", { type: "submit" });
  mailSend.textContent = t.sendLink;
  const mailNote = el("p", "widget-note", { role: "status" });
  mailForm.append(mailInput, mailSend);
  const footer = el("div", "widget-footer");
  footer.append(mailToggle, mailForm, mailNote);
  panel.append(header, list, error, composer, footer);
  wrapper.append(panel, bubble);
  root.append(style, extra, wrapper);
  document.body.append(host);

  wrapper.style.setProperty("--pw-accent", "#4f46e5");
  wrapper.style.setProperty("--pw-on-accent", "#ffffff");
  const shown = new Set<number>();
  let lastMid = 0;
  let unread = 0;
  let streaming: AbortController | null = null;

  const setOpen = (open: boolean) => {
    panel.hidden = !open;
    bubble.setAttribute("aria-expanded", String(open));
    bubble.setAttribute("aria-label", open ? t.close : t.open);
    if (open) {
      unread = 0;
      badge.hidden = true;
      list.scrollTop = list.scrollHeight;
      if (!composer.hidden) input.focus();
    }
  };
  bubble.addEventListener("click", () => setOpen(panel.hidden));
  close.addEventListener("click", () => {
    setOpen(false);
    bubble.focus();
  });

  const notice = (text: string) => {
    list.replaceChildren(Object.assign(el("div", "widget-notice"), { textContent: text }));
    composer.hidden = true;
    footer.hidden = true;
    streaming?.abort();
  };

  const add = (m: ChatMessage) => {
    if (shown.has(m.mid)) return;
    const text = textOf(m);
    lastMid = Math.max(lastMid, m.mid);
    if (text === null) return;
    shown.add(m.mid);
    const mine = m.from_uid === api.uid;
    const item = el("div", "widget-message", mine ? { "data-mine": "" } : {});
    item.textContent = text;
    list.append(item);
    list.scrollTop = list.scrollHeight;
    if (!mine && panel.hidden) {
      badge.textContent = String(++unread);
      badge.hidden = false;
    }
  };

  const blocked = () => notice(t.blocked);

  /** The visitor's stream, reconnected from the last message seen with a growing pause. */
  const listen = async () => {
    if (streaming) return;
    streaming = new AbortController();
    const { signal } = streaming;
    for (let delay = 1000; !signal.aborted; delay = Math.min(delay * 2, 30_000)) {
      try {
        await api.stream(lastMid, add, signal);
        delay = 500;
      } catch (err) {
        if (err instanceof Blocked) return blocked();
        if (signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, delay));
    }
  };

  composer.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text || send.disabled) return;
    send.disabled = true;
    error.textContent = "";
    const hadSession = api.hasSession;
    api
      .send(text)
      .then((mid) => {
        input.value = "";
        add({ mid, from_uid: api.uid ?? 0, created_at: Date.now(), target: { uid: hostId }, detail: { type: "normal", content_type: "text/plain", content: text, properties: null, expires_in: null } } as unknown as ChatMessage);
        if (!hadSession) void listen();
      })
      .catch((err) => (err instanceof Blocked ? blocked() : (error.textContent = t.failed)))
      .finally(() => {
        send.disabled = false;
        input.focus();
      });
  });
  mailToggle.addEventListener("click", () => {
    mailToggle.hidden = true;
    mailForm.hidden = false;
    mailInput.focus();
  });
  /** After the link was opened: this widget is now that visitor; its conversation is read again. */
  const signedIn = async () => {
    streaming?.abort();
    streaming = null;
    for (const node of [...list.querySelectorAll(".widget-message")]) node.remove();
    shown.clear();
    lastMid = 0;
    footer.hidden = true;
    for (const m of await api.history()) add(m);
    void listen();
  };
  mailForm.addEventListener("submit", (e) => {
    e.preventDefault();
    mailSend.disabled = true;
    api
      .emailLogin(mailInput.value.trim(), document.documentElement.lang || navigator.language || "en")
      .then((poll) => {
        mailForm.hidden = true;
        setNote(mailNote, t.checkMail);
        waitForSession(api, poll, () => void signedIn());
      })
      .catch(() => setNote(mailNote, t.mailFailed, "error"))
      .finally(() => (mailSend.disabled = false));
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      composer.requestSubmit();
    }
  });

  api
    .config()
    .then(async (c) => {
      wrapper.setAttribute("data-position", c.position);
      wrapper.style.setProperty("--pw-accent", c.color);
      wrapper.style.setProperty("--pw-on-accent", onAccent(c.color));
      title.textContent = c.title || c.host.name;
      logo.src = c.logo_url || (c.host.avatar_updated_at ? `${origin}/api/resource/avatar?uid=${c.host.uid}&t=${c.host.avatar_updated_at}` : `${origin}/api/resource/organization/logo`);
      if (c.welcome) list.append(Object.assign(el("div", "widget-welcome"), { textContent: c.welcome }));
      // The sign-in methods the server allows, beside (or instead of) the mailed link.
      mailToggle.hidden = !c.login.magic_link;
      mailNote.before(...signInPart(el, api, t, c.login, mailNote, () => void signedIn()));
      void api.extraCss().then((css) => (extra.textContent = css));
      // Signed in before (this page or another of the site): nothing to offer.
      if (api.signedIn) footer.hidden = true;
      if (api.hasSession) {
        try {
          for (const m of await api.history()) add(m);
        } catch (err) {
          if (err instanceof Blocked) return blocked();
        }
        void listen();
      }
    })
    .catch(() => {
      // Refused by CORS (a site the admin did not list), a wrong host id, or the server is away.
      wrapper.style.setProperty("--pw-accent", "#71717a");
      bubble.setAttribute("data-unavailable", "");
      panel.setAttribute("data-unavailable", "");
      heading.hidden = true;
      logo.hidden = true;
      notice(t.unavailable);
    });
}

const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>("script[data-host-id][src*='widget.js']");
if (script?.dataset.hostId) {
  if (document.body) start(script);
  else document.addEventListener("DOMContentLoaded", () => start(script));
}
