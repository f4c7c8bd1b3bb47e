/** The "… is typing" strip: names from the users slice, one conversation, gone 5 s after the last event. */
import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { typingStarted, TYPING_EXPIRE_MS } from "../../app/slices/typing";
import type { StoredUser } from "../../app/slices/users";
import { renderWithStore } from "../../test/renderWithStore";
import TypingIndicator from "./TypingIndicator";

const ME = 1;
const user = (uid: number, name: string) => ({ uid, name }) as StoredUser;
const users = { ids: [2, 3], byId: { 2: user(2, "Alice"), 3: user(3, "Bob") } };
const text = (view: ReturnType<typeof renderWithStore>) => view.queryByTestId("typing-text")?.textContent ?? "";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(100_000);
});
afterEach(() => vi.useRealTimers());

describe("TypingIndicator", () => {
  it("names who types in this conversation only, and forgets them 5 s after their last event", () => {
    const now = Date.now();
    const view = renderWithStore(<TypingIndicator kind="channel" id={7} />, {
      preloadedState: { users, typing: { byConv: { "channel:7": { 2: now }, "channel:8": { 3: now } } } },
    });
    expect(text(view)).toBe("Alice is typing…");

    act(() => vi.advanceTimersByTime(TYPING_EXPIRE_MS + 50));
    expect(text(view)).toBe("");
    expect(view.queryByTestId("typing-text")).toBeNull();
    // The strip itself stays, so the list above does not move.
    expect(view.getByTestId("typing-indicator")).toBeTruthy();
  });

  it("follows the stream's events, never naming oneself", () => {
    const view = renderWithStore(<TypingIndicator kind="dm" id={2} />, { preloadedState: { users } });
    expect(text(view)).toBe("");

    act(() => {
      view.store.dispatch(typingStarted({ me: ME, uid: 2, target: { uid: ME }, at: Date.now() }));
    });
    expect(text(view)).toBe("Alice is typing…");

    // Another device of mine typing to Alice is not news.
    act(() => {
      view.store.dispatch(typingStarted({ me: ME, uid: ME, target: { uid: 2 }, at: Date.now() }));
    });
    expect(text(view)).toBe("Alice is typing…");
  });

  it("names two in the order they started (an unknown user by uid), then says several people", () => {
    const view = renderWithStore(<TypingIndicator kind="channel" id={7} />, {
      preloadedState: { users, typing: { byConv: { "channel:7": { 2: Date.now() - 1_000 } } } },
    });
    act(() => {
      view.store.dispatch(typingStarted({ me: ME, uid: 9, target: { gid: 7 }, at: Date.now() }));
    });
    expect(text(view)).toBe("Alice and User #9 are typing…");
    act(() => {
      view.store.dispatch(typingStarted({ me: ME, uid: 3, target: { gid: 7 }, at: Date.now() }));
    });
    expect(text(view)).toBe("Several people are typing…");
  });
});
