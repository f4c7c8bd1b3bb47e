/**
 * The event stream connection (VoceChat's useStreaming), kept outside React. States
 * (docs/ARCHITECTURE.md "Client rules": event stream): connecting → connected (→ `ready`) → on an
 * error: stopped if the page is offline or hidden, otherwise reconnecting after 2 s; back online or
 * visible it resumes after 1.5 s; hidden for more than 24 h it reconnects from scratch. The token
 * is renewed before connecting, and a 20 s liveness timer (re-armed by `ready` and `heartbeat`)
 * catches a silent stream.
 */
import {
  EVENT_HISTORY_LIMIT,
  SSE_CLIENT_TIMEOUT_MS,
  SSE_RECONNECT_DELAY_MS,
  SSE_RETURN_RECONNECT_DELAY_MS,
  type ServerEvent,
} from "@parley/protocol";
import { API_BASE } from "../config";
import { renewToken } from "../services/renew";
import type { AuthState } from "../slices/auth.data";
import type { FootprintState } from "../slices/footprint";
import { setReady, updateSSEStatus } from "../slices/ui";
import { createEventHandler, type EventHandler } from "./handler";
import { tokenNeedsRenewal } from "../../utils/token";
import { userApi } from "../services/user";
import type { AppDispatch } from "../store";

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => unknown;
}
type StateLike = { authData: AuthState; footprint: FootprintState };

let store: StoreLike | null = null;
let source: EventSource | null = null;
let handler: EventHandler | null = null;
let active = false;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let livenessTimer: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let generation = 0;

export function buildEventsUrl(token: string, afterMid: number, usersVersion: number): string {
  const params = new URLSearchParams({ limit: String(EVENT_HISTORY_LIMIT), "api-key": token });
  if (afterMid > 0) params.set("after_mid", String(afterMid));
  if (usersVersion > 0) params.set("users_version", String(usersVersion));
  return `${API_BASE}/user/events?${params.toString()}`;
}

function clearTimers() {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  if (livenessTimer) clearTimeout(livenessTimer);
  reconnectTimer = null;
  livenessTimer = null;
}

function closeSource() {
  if (source) {
    source.onopen = null;
    source.onmessage = null;
    source.onerror = null;
    source.close();
    source = null;
  }
  handler?.flush();
}

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;
const isHidden = () => typeof document !== "undefined" && document.visibilityState === "hidden";

/** Drop the connection but stay active: `resumeStreaming` (online / visible again) reconnects. */
function suspend() {
  clearTimers();
  closeSource();
  store?.dispatch(setReady(false));
  store?.dispatch(updateSSEStatus("disconnected"));
}

function scheduleReconnect(delay: number) {
  if (!active || !store) return;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  store.dispatch(setReady(false));
  store.dispatch(updateSSEStatus("reconnecting"));
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void connect(true);
  }, delay);
}

function armLiveness() {
  if (livenessTimer) clearTimeout(livenessTimer);
  livenessTimer = setTimeout(() => {
    // No ready/heartbeat for 20 s: the stream is dead even if the socket is not.
    closeSource();
    scheduleReconnect(0);
  }, SSE_CLIENT_TIMEOUT_MS);
}

async function connect(isRetry: boolean) {
  if (!active || !store) return;
  const { dispatch, getState } = store;
  const gen = ++generation;
  clearTimers();
  closeSource();
  if (isOffline()) {
    dispatch(updateSSEStatus("disconnected"));
    return; // the `online` listener reconnects
  }
  dispatch(updateSSEStatus(isRetry ? "reconnecting" : "connecting"));
  let { authData } = getState() as StateLike;
  if (!authData.token) return stopStreaming();
  if (tokenNeedsRenewal(authData.expireTime)) {
    const ok = await renewToken(dispatch, getState);
    if (gen !== generation || !active) return;
    if (!ok) {
      // A failed renewal stops the stream; the session may be gone (401), or the network.
      if (!(getState() as StateLike).authData.token) return stopStreaming();
      if (isOffline() || isHidden()) return suspend();
      return scheduleReconnect(SSE_RECONNECT_DELAY_MS);
    }
    authData = (getState() as StateLike).authData;
  }
  const { footprint } = getState() as StateLike;
  const es = new EventSource(buildEventsUrl(authData.token, footprint.afterMid, footprint.usersVersion));
  source = es;
  handler = createEventHandler(dispatch, getState, () => stopStreaming());
  const h = handler;
  armLiveness();
  es.onopen = () => {
    failures = 0;
    dispatch(updateSSEStatus("connected"));
  };
  es.onmessage = (ev: MessageEvent<string>) => {
    let event: ServerEvent;
    try {
      event = JSON.parse(ev.data) as ServerEvent;
    } catch {
      return;
    }
    if (!event || typeof event !== "object" || typeof event.type !== "string") return;
    if (event.type === "ready" || event.type === "heartbeat") armLiveness();
    h.handle(event);
  };
  es.onerror = () => {
    if (source !== es) return;
    closeSource();
    if (livenessTimer) clearTimeout(livenessTimer);
    dispatch(setReady(false));
    // Offline or hidden, the stream stops (and resumes with the page).
    if (isOffline() || isHidden()) return suspend();
    failures += 1;
    if (failures % 3 === 0) {
      // Repeated failures may mean the token is no longer valid: a REST call finds out (401 → login).
      dispatch(userApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
    }
    scheduleReconnect(SSE_RECONNECT_DELAY_MS);
  };
}

export function startStreaming(s: StoreLike) {
  store = s;
  if (active) return;
  active = true;
  failures = 0;
  void connect(false);
}

export function stopStreaming() {
  const wasActive = active;
  active = false;
  generation++;
  clearTimers();
  closeSource();
  handler = null;
  if (wasActive && store) {
    store.dispatch(updateSSEStatus("disconnected"));
    store.dispatch(setReady(false));
  }
}

/** Back online or back to the page: reconnect if the stream should run but is not open. */
export function resumeStreaming(delay = SSE_RETURN_RECONNECT_DELAY_MS) {
  if (!active) return;
  if (source && source.readyState !== EventSource.CLOSED) return;
  scheduleReconnect(delay);
}

/** Offline: drop the connection until `resumeStreaming`. */
export function pauseStreaming() {
  if (!active || !store) return;
  suspend();
}

/**
 * Back after more than 24 h hidden: start over (docs/ARCHITECTURE.md "Client rules"), whatever the
 * socket says.
 */
export function restartStreaming() {
  if (!active) return;
  clearTimers();
  closeSource();
  scheduleReconnect(0);
}

export const isStreaming = () => active;
