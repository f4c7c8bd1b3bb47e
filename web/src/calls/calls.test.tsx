/**
 * The call pieces that need no browser media: the call-event message (what the server posts when
 * a call ends), the header's call buttons by the rooms going on, and the sidebar's call mark.
 */
import { describe, expect, it } from "vitest";
import type { CallRoom } from "@parley/protocol";
import type { StoredMessage } from "../app/slices/messages";
import { placeholderUser } from "../app/slices/users";
import { renderWithStore } from "../test/renderWithStore";
import MessageContent from "../components/MessageList/MessageContent";
import { act, within } from "@testing-library/react";
import { callDuration, callOf } from "./CallEventMessage";
import CallButtons from "./CallButtons";
import { callEvents } from "./events";
import SidebarCall from "./SidebarCall";
import { engineFor } from "./useCalls";

const ADA = placeholderUser(1, { name: "Ada" });
const BOB = placeholderUser(2, { name: "Bob" });
const users = { ids: [1, 2], byId: { 1: ADA, 2: BOB } };

const callMessage = (call: object | null, content = "📞 Call ended · 12 min"): StoredMessage => ({
  mid: 7,
  from_uid: 1,
  created_at: 1_700_000_000_000,
  content_type: "text/plain",
  content,
  properties: call ? { call } : null,
});

describe("call events in the conversation", () => {
  it("reads properties.call, and only a well-formed one", () => {
    expect(callOf({ call: { event: "ended", duration_ms: 5 } })).toEqual({ event: "ended", duration_ms: 5 });
    expect(callOf({ call: { event: "ended" } })).toBeNull();
    expect(callOf({ call: "x" })).toBeNull();
    expect(callOf(null)).toBeNull();
  });

  it("says how long a call lasted in seconds, minutes, or hours and minutes", () => {
    expect(callDuration(42_400)).toEqual({ key: "seconds", value: 42, minutes: 0 });
    expect(callDuration(12 * 60_000 + 20_000)).toEqual({ key: "minutes", value: 12, minutes: 0 });
    expect(callDuration(2 * 3_600_000 + 5 * 60_000)).toEqual({ key: "hours", value: 2, minutes: 5 });
  });

  it("shows a call's start and end as call events, a missed call as such, and plain text without the marker", () => {
    const ended = renderWithStore(<MessageContent message={callMessage({ event: "ended", duration_ms: 12 * 60_000 })} users={users.byId} />, { preloadedState: { users } });
    expect(within(ended.container).getByTestId("call-event").textContent).toBe("Call ended · 12 min");
    const missed = renderWithStore(<MessageContent message={callMessage({ event: "missed", duration_ms: 0 }, "📞 Missed call")} users={users.byId} />, { preloadedState: { users } });
    expect(within(missed.container).getByTestId("call-event").textContent).toBe("Missed call");
    const started = renderWithStore(<MessageContent message={callMessage({ event: "started", duration_ms: 0 }, "📞 Call started")} users={users.byId} />, { preloadedState: { users } });
    expect(within(started.container).getByTestId("call-event").textContent).toBe("Call started");
    const plain = renderWithStore(<MessageContent message={callMessage(null, "just text")} users={users.byId} />, { preloadedState: { users } });
    expect(within(plain.container).queryByTestId("call-event")).toBeNull();
    expect(within(plain.container).getByText("just text")).toBeTruthy();
  });
});

const room = (over: Partial<CallRoom> = {}): CallRoom => ({ room: "group:1", gid: 1, dm: null, started_by: 2, started_at: 0, ringing: null, participants: [], version: 1, ...over });

describe("calls going on", () => {
  it("the header offers a voice or video call, then 'join' with the count once a call is going on; the sidebar marks it", async () => {
    const view = renderWithStore(
      <>
        <CallButtons target={{ gid: 1 }} />
        <SidebarCall kind="channel" id={1} active={false} />
      </>,
      { preloadedState: { users, authData: { user: ADA } } },
    );
    engineFor(view.store).start();
    expect(view.getByTestId("call-voice")).toBeTruthy();
    expect(view.getByTestId("call-video")).toBeTruthy();
    expect(view.queryByTestId("sidebar-call")).toBeNull();
    act(() => callEvents.emit({ type: "call_room", ended: false, room: room({ participants: [{ uid: 2, joined_at: 0, audio: true, video: true, screen: false }] }) }));
    expect(view.getByTestId("call-join").textContent).toContain("1");
    expect(view.getByTestId("sidebar-call").getAttribute("title")).toBe("Call in progress: Bob");
    act(() => callEvents.emit({ type: "call_room", ended: true, room: room() }));
    expect(view.queryByTestId("call-join")).toBeNull();
    expect(view.getByTestId("call-voice")).toBeTruthy();
    engineFor(view.store).stop();
  });
});
