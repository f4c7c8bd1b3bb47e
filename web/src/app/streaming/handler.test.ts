/**
 * The event handler's pacing (docs/PERFORMANCE.md "Client long tasks"): events apply in the order
 * they came, a large chat burst in slices of at most CHAT_SLICE messages, each large update and
 * whatever exceeds a task's budget in the tasks after; closing the stream applies everything
 * received at once, and a kick ends it.
 */
import { describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "@parley/protocol";
import { addHistoryGap, updateAfterMid } from "../slices/footprint";
import { receiveMessages } from "../slices/messages";
import { setReady } from "../slices/ui";
import { setUsersOnline } from "../slices/users";
import type { AppDispatch } from "../store";
import { CHAT_SLICE, createEventHandler } from "./handler";

const chat = (mid: number): ServerEvent => ({
  type: "chat",
  mid,
  from_uid: 2,
  created_at: 1_700_000_000_000 + mid,
  target: { gid: 1 },
  detail: { type: "normal", content: `m${mid}`, content_type: "text/plain", properties: null, expires_in: null },
});

const state = { authData: { user: { uid: 1 } }, channels: { ids: [], byId: {} }, ui: { ready: false } };

function setup(slow: (action: { type: string }) => number = () => 0) {
  const actions: { type: string; payload?: unknown }[] = [];
  const dispatch = ((action: { type: string; payload?: unknown }) => {
    actions.push(action);
    const until = performance.now() + slow(action);
    while (performance.now() < until);
    return action;
  }) as unknown as AppDispatch;
  const onStop = vi.fn();
  const handler = createEventHandler(dispatch, () => state, onStop);
  const names = () =>
    actions.map((a) => (receiveMessages.match(a) ? `chat×${a.payload.messages.length}` : updateAfterMid.match(a) ? `after ${a.payload}` : a.type));
  return { actions, handler, onStop, names };
}

describe("event handler pacing", () => {
  it("applies the connect burst in order, the backlog in slices, none lost", async () => {
    const { actions, handler, names } = setup();
    handler.handle({ type: "history_gap", after_mid: 0, first_mid: 1, skipped: 9 });
    for (let mid = 1; mid <= 600; mid++) handler.handle(chat(mid));
    handler.handle({ type: "ready" });
    await vi.waitFor(() => expect(actions.some((a) => setReady.match(a))).toBe(true));
    expect(CHAT_SLICE).toBe(250);
    expect(names()).toEqual([addHistoryGap.type, "chat×250", "after 250", "chat×250", "after 500", "chat×100", "after 600", setReady.type]);
    const mids = actions.filter((a) => receiveMessages.match(a)).flatMap((a) => (a.payload as { messages: { mid: number }[] }).messages.map((m) => m.mid));
    expect(mids).toEqual(Array.from({ length: 600 }, (_, i) => i + 1));
  });

  it("applies a few messages and the event after them in the same task", () => {
    const { handler, names } = setup();
    handler.handle(chat(41));
    handler.handle({ type: "ready" });
    expect(names()).toEqual(["chat×1", "after 41", setReady.type]);
  });

  it("leaves what exceeds a task's budget to the next task, in order", async () => {
    const { handler, names } = setup((a) => (setUsersOnline.match(a) ? 25 : 0));
    handler.handle({ type: "users_state_changed", uid: 2, online: true });
    handler.handle({ type: "history_gap", after_mid: 0, first_mid: 5, skipped: 4 });
    handler.handle({ type: "ready" });
    expect(names()).toEqual([setUsersOnline.type]);
    await vi.waitFor(() => expect(names()).toEqual([setUsersOnline.type, addHistoryGap.type, setReady.type]));
  });

  it("applies everything received when the stream closes", () => {
    const { handler, names } = setup();
    for (let mid = 1; mid <= 300; mid++) handler.handle(chat(mid));
    handler.handle({ type: "ready" });
    handler.flush();
    expect(names()).toEqual(["chat×250", "after 250", "chat×50", "after 300", setReady.type]);
  });

  it("stops at a kick: what follows it is not applied", async () => {
    const { handler, onStop, actions } = setup();
    handler.handle({ type: "kick", reason: "login_from_other_device" });
    handler.handle({ type: "ready" });
    handler.flush();
    await new Promise((r) => setTimeout(r, 20));
    expect(onStop).toHaveBeenCalledOnce();
    expect(actions.some((a) => setReady.match(a))).toBe(false);
  });
});
