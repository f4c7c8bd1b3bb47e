/**
 * Signing in to the widget with the server's methods besides the mailed link (docs/API.md
 * "Widget"): an account's password, and Google, GitHub or an OIDC provider in a popup window on Parley's
 * origin. The popup's callback page tells this page (and only it) when it is done; the widget
 * then picks the session up with its poll token, and polls anyway in case the message is lost.
 */
import type { WidgetLoginMethods } from "@parley/protocol";
import type { WidgetApi } from "./api";
import type { Texts } from "./texts";

/** What the popup posts to the widget's page (web/src/routes/callback/IdpCallback.tsx). */
const SIGNED_IN = "parley-widget-signed-in";
/** How long a poll token is worth asking with: a mailed link lasts 15 minutes, a popup 10. */
const POLL_FOR_MS = 15 * 60_000;

type Make = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, attrs?: Record<string, string>) => HTMLElementTagNameMap[K];

/**
 * Asks with `pollToken` every 3 s (and at once when `wake` is called) until the session is
 * there, then calls `done` once. Answers `wake`.
 */
export function waitForSession(api: WidgetApi, pollToken: string, done: () => void): () => void {
  const started = Date.now();
  let finished = false;
  const ask = () => {
    if (finished) return;
    if (Date.now() - started > POLL_FOR_MS) return stop();
    void api.pollEmail(pollToken).then((ok) => {
      if (!ok || finished) return;
      stop();
      done();
    });
  };
  const timer = setInterval(ask, 3_000);
  const onMessage = (e: MessageEvent) => {
    if (e.origin === api.origin && (e.data as { type?: unknown } | null)?.type === SIGNED_IN) ask();
  };
  const stop = () => {
    finished = true;
    clearInterval(timer);
    window.removeEventListener("message", onMessage);
  };
  window.addEventListener("message", onMessage);
  return ask;
}

/** Shows `text` in the footer's note, in the error colour when it is a failure (`data-error`). */
export function setNote(note: HTMLElement, text: string, kind: "info" | "error" = "info"): void {
  note.textContent = text;
  note.toggleAttribute("data-error", kind === "error");
}

/**
 * The "Sign in" part of the footer: a toggle that opens the password form (when the server
 * allows passwords) and a button per provider. Empty when the server allows none of them.
 */
export function signInPart(el: Make, api: WidgetApi, t: Texts, methods: WidgetLoginMethods, note: HTMLElement, done: () => void): HTMLElement[] {
  const providers: { type: "google" | "github" | "oidc"; domain?: string; label: string }[] = [];
  if (methods.google) providers.push({ type: "google", label: t.withProvider.replace("{provider}", "Google") });
  if (methods.github) providers.push({ type: "github", label: t.withProvider.replace("{provider}", "GitHub") });
  for (const o of methods.oidc) providers.push({ type: "oidc", domain: o.domain, label: t.withProvider.replace("{provider}", o.domain) });
  if (!methods.password && providers.length === 0) return [];

  const toggle = el("button", "widget-link", { type: "button" });
  toggle.textContent = t.signIn;
  const part = el("div", "widget-signin");
  part.hidden = true;
  toggle.addEventListener("click", () => {
    toggle.hidden = true;
    part.hidden = false;
    part.querySelector<HTMLElement>("input, button")?.focus();
  });

  if (methods.password) {
    const form = el("form", "widget-password");
    const email = el("input", "widget-input", { type: "email", required: "", autocomplete: "email", "aria-label": t.emailLabel, placeholder: t.emailLabel });
    const password = el("input", "widget-input", { type: "password", required: "", autocomplete: "current-password", "aria-label": t.password, placeholder: t.password });
    const submit = el("button", "widget-send", { type: "submit" });
    submit.textContent = t.signInButton;
    form.append(email, password, submit);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      submit.disabled = true;
      setNote(note, "");
      api
        .passwordLogin(email.value.trim(), password.value)
        .then((refused) => {
          if (refused === null) return done();
          setNote(note, refused === 401 || refused === 404 ? t.wrongPassword : refused === 429 ? t.tooMany : t.signInFailed, "error");
        })
        .catch(() => setNote(note, t.signInFailed, "error"))
        .finally(() => (submit.disabled = false));
    });
    part.append(form);
  }

  for (const p of providers) {
    const button = el("button", "widget-provider", { type: "button" });
    button.textContent = p.label;
    button.addEventListener("click", () => {
      // Opened now, while the click lets it open; sent to the provider once the server answers.
      const popup = window.open("", "parley-widget-sign-in", "popup,width=520,height=680");
      setNote(note, "");
      api
        .startOAuth(p.type, p.domain)
        .then(({ url, poll_token }) => {
          if (popup) popup.location.href = url;
          else window.open(url, "parley-widget-sign-in");
          setNote(note, t.inPopup);
          waitForSession(api, poll_token, done);
        })
        .catch(() => {
          popup?.close();
          setNote(note, t.signInFailed, "error");
        });
    });
    part.append(button);
  }
  return [toggle, part];
}
