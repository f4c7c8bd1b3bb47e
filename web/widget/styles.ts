/**
 * The widget's stylesheet, inside its shadow root: the page's styles do not reach in, and these
 * do not reach out. Everything hangs off `.widget-root`, not `:host`: a page's rules that match
 * the host element (`* { font-family: serif !important }`) beat `:host` rules and would be
 * inherited inside, while the wrapper sets its own font and colours. `--pw-accent` is the
 * admin's colour.
 */
export const CSS = `
:host { all: initial; }
.widget-root { position: fixed; bottom: 20px; z-index: 2147483000; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color-scheme: light dark;
  --pw-bg: #ffffff; --pw-fg: #18181b; --pw-muted: #71717a; --pw-line: #e4e4e7; --pw-soft: #f4f4f5; --pw-error: #dc2626; }
.widget-root[data-position="right"] { right: 20px; }
.widget-root[data-position="left"] { left: 20px; }
@media (prefers-color-scheme: dark) { .widget-root { --pw-bg: #18181b; --pw-fg: #f4f4f5; --pw-muted: #a1a1aa; --pw-line: #3f3f46; --pw-soft: #27272a; --pw-error: #f87171; } }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
button, textarea { font: inherit; } button { cursor: pointer; }
.widget-bubble { width: 56px; height: 56px; border-radius: 50%; border: 0; background: var(--pw-accent); color: var(--pw-on-accent); display: grid; place-items: center; box-shadow: 0 6px 20px rgb(0 0 0 / .25); position: relative; }
.widget-bubble:focus-visible, .widget-icon:focus-visible, .widget-send:focus-visible { outline: 3px solid var(--pw-fg); outline-offset: 2px; }
.widget-bubble[data-unavailable] { filter: grayscale(1); opacity: .75; }
.widget-badge { position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px; background: #dc2626; color: #fff; font-size: 12px; font-weight: 600; display: grid; place-items: center; }
.widget-panel { position: absolute; bottom: 72px; width: min(370px, calc(100vw - 40px)); height: min(560px, calc(100vh - 120px)); background: var(--pw-bg); color: var(--pw-fg); border: 1px solid var(--pw-line); border-radius: 16px; box-shadow: 0 12px 40px rgb(0 0 0 / .25); display: flex; flex-direction: column; overflow: hidden; }
.widget-root[data-position="right"] .widget-panel { right: 0; }
.widget-root[data-position="left"] .widget-panel { left: 0; }
.widget-panel[data-unavailable] { height: auto; }
.widget-header { display: flex; align-items: center; gap: 10px; padding: 12px 14px; background: var(--pw-accent); color: var(--pw-on-accent); }
.widget-logo { width: 36px; height: 36px; border-radius: 50%; object-fit: cover; background: rgb(255 255 255 / .25); flex: none; }
.widget-title { font-weight: 600; font-size: 15px; }
.widget-subtitle { font-size: 12px; opacity: .85; }
.widget-heading { flex: 1; min-width: 0; }
.widget-icon { margin-left: auto; border: 0; background: transparent; color: inherit; width: 32px; height: 32px; border-radius: 8px; display: grid; place-items: center; }
.widget-icon:hover { background: rgb(255 255 255 / .15); }
.widget-messages { flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 8px; }
.widget-welcome, .widget-notice { align-self: stretch; text-align: center; color: var(--pw-muted); font-size: 13px; padding: 6px 8px; white-space: pre-wrap; }
.widget-notice { color: var(--pw-fg); background: var(--pw-soft); border-radius: 10px; padding: 14px; }
.widget-message { max-width: 80%; padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--pw-soft); align-self: flex-start; border-bottom-left-radius: 4px; }
.widget-message[data-mine] { align-self: flex-end; background: var(--pw-accent); color: var(--pw-on-accent); border-bottom-left-radius: 14px; border-bottom-right-radius: 4px; }
.widget-message[data-failed] { opacity: .6; }
.widget-composer { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--pw-line); align-items: flex-end; }
.widget-input { flex: 1; resize: none; border: 1px solid var(--pw-line); border-radius: 10px; padding: 8px 10px; font: inherit; color: var(--pw-fg); background: var(--pw-bg); max-height: 120px; min-height: 38px; }
.widget-input:focus { outline: 2px solid var(--pw-accent); outline-offset: -1px; }
.widget-send { border: 0; border-radius: 10px; padding: 0 14px; height: 38px; background: var(--pw-accent); color: var(--pw-on-accent); font-weight: 600; }
.widget-send:disabled { opacity: .5; cursor: default; }
.widget-footer { padding: 0 10px 10px; font-size: 12px; color: var(--pw-muted); }
.widget-link { border: 0; background: none; padding: 0; color: inherit; text-decoration: underline; }
.widget-mail { display: flex; gap: 8px; align-self: stretch; }
.widget-mail .widget-input { min-height: 34px; height: 34px; }
.widget-mail .widget-send { height: 34px; }
.widget-footer { display: flex; flex-direction: column; align-items: flex-start; gap: 6px; }
.widget-signin { display: flex; flex-direction: column; gap: 6px; align-self: stretch; }
.widget-password { display: flex; flex-wrap: wrap; gap: 6px; }
.widget-password .widget-input { flex: 1 1 120px; min-height: 34px; height: 34px; }
.widget-password .widget-send { height: 34px; }
.widget-provider { border: 1px solid var(--pw-line); border-radius: 10px; height: 34px; background: var(--pw-bg); color: var(--pw-fg); font-weight: 600; }
.widget-provider:hover { background: var(--pw-soft); }
.widget-provider:focus-visible, .widget-link:focus-visible { outline: 3px solid var(--pw-fg); outline-offset: 2px; }
.widget-note { margin: 6px 0 0; }
.widget-note:empty { display: none; }
.widget-note[data-error] { color: var(--pw-error); }
.widget-error { color: var(--pw-error); font-size: 12px; padding: 0 12px 8px; }
`;
