/**
 * The conversations the sidebar and notification tests connect with: three channels ("general"
 * open, "random" with two unread and an @, "design" muted) and a DM from Bob, through the real
 * app's stream.
 */
import { GROUP, ME } from "../../test/render";

export const BOB = { ...ME, uid: 2, name: "Bob Builder", email: "bob@example.com", is_admin: false };
export const group = (gid: number, name: string) => ({ ...GROUP, gid, name });
export const chat = (mid: number, target: { gid: number } | { uid: number }, content: string, properties: Record<string, unknown> | null = null, from = 2) => ({
  type: "chat",
  mid,
  from_uid: from,
  created_at: Date.now() - 60_000 + mid,
  target,
  detail: { type: "normal", content, content_type: "text/plain", properties, expires_in: null },
});

/** The reads the app makes for these conversations (the directory and empty histories). */
export const CONVERSATION_ROUTES = {
  "GET /api/user": () => ({ body: [ME, BOB] }),
  "GET /api/group/10/history": () => ({ body: [] }),
  "GET /api/group/11/history": () => ({ body: [] }),
  "GET /api/group/12/history": () => ({ body: [] }),
  "GET /api/user/2/history": () => ({ body: [] }),
};

/** The connect sequence's events; `mention`: the text of the message that @s me in "random". */
export const conversationEvents = (mention: string) => [
  { type: "related_groups", groups: [group(10, "general"), group(11, "random"), group(12, "design")] },
  {
    type: "user_settings",
    mute_users: [],
    mute_groups: [{ gid: 12, expired_at: null }],
    read_index_users: [],
    read_index_groups: [{ gid: 11, mid: 1 }],
    burn_after_reading_users: [],
    burn_after_reading_groups: [],
    pinned_chats: [],
  },
  chat(1, { gid: 11 }, "old news"),
  chat(2, { gid: 11 }, "lunch?"),
  chat(3, { gid: 11 }, mention, { mentions: [1] }),
  chat(4, { gid: 12 }, "quiet please"),
  chat(5, { uid: 1 }, "hey there"),
  chat(6, { gid: 10 }, "in the open channel", null, 1),
];
