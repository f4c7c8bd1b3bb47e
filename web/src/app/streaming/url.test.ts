import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@parley/protocol";
import { maxChatMid } from "./handler";
import { buildEventsUrl } from "./controller";

describe("event stream helpers", () => {
  it("builds the VoceChat events URL", () => {
    expect(buildEventsUrl("tok-1", 0, 0)).toBe("/api/user/events?limit=500&api-key=tok-1");
    expect(buildEventsUrl("tok-1", 102, 1)).toBe("/api/user/events?limit=500&api-key=tok-1&after_mid=102&users_version=1");
  });

  it("advances after_mid on normal/reply only", () => {
    const msgs = [
      { mid: 3, from_uid: 1, created_at: 0, target: { gid: 1 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: "a", expires_in: null } },
      { mid: 9, from_uid: 1, created_at: 0, target: { gid: 1 }, detail: { type: "reaction", mid: 3, detail: { type: "delete" } } },
      { mid: 5, from_uid: 1, created_at: 0, target: { gid: 1 }, detail: { type: "reply", mid: 3, properties: null, content_type: "text/plain", content: "b" } },
    ] as ChatMessage[];
    expect(maxChatMid(msgs)).toBe(5);
  });
});
