import { describe, expect, it } from "vitest";
import type { GroupWithMembers } from "../repos/groups.js";
import type { MessageRow } from "../repos/messages.js";
import { claims, dmRow, messageRow, privateGroup, publicGroup } from "../test/rows.js";
import { CHANNEL_ACTORS, CHANNEL_MEMBERS, EVERYONE, NOBODY, whoGets, whoMay } from "../test/verdicts.js";
import { messagePolicy } from "./messages.js";

/**
 * The message rules of docs/API.md ("Messages", "Archives", "Who may call each route"): the
 * message is the sender's (uid 2, `sender`, who owns the private channel); in a DM it goes to
 * `recipient` (uid 3), who is also a member of the private channel.
 */

// The actors of the groups policy test, the owner and a member of the private channel renamed.
const { owner: sender, member: recipient, ...others } = CHANNEL_ACTORS;
const ACTORS = { sender, recipient, ...others };

/** Each conversation a message can be in: its row and the channel the caller loads (none for a DM). */
const WHERE = {
  public: { group: publicGroup({ gid: 10 }), message: messageRow({ target_gid: 10 }) },
  private: { group: privateGroup(2, CHANNEL_MEMBERS), message: messageRow({ target_gid: 20 }) },
  restricted: { group: privateGroup(2, CHANNEL_MEMBERS, { only_owner_can_send_msg: 1 }), message: messageRow({ target_gid: 20 }) },
  dm: { group: undefined, message: dmRow(2, 3) },
} satisfies Record<string, { group: GroupWithMembers | undefined; message: MessageRow }>;

const at = (state: keyof typeof WHERE, kind?: string) => {
  const { group, message } = WHERE[state];
  return { group, message: kind ? { ...message, kind, ref_mid: 99 } : message };
};

const PRIVATE_MEMBERS = "sender recipient adminMember botMember";

/** Read access, the same for canRead and canArchive. */
const READ = whoMay(ACTORS, { public: EVERYONE, private: PRIVATE_MEMBERS, dm: "sender recipient" });

describe("messagePolicy.canRead: a DM by its two parties, a channel message as the channel's history", () => {
  it.each(READ)("$actor, message in $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = at(state);
    expect(messagePolicy.canRead(ACTORS[actor], message, group)).toBe(expected);
  });

  it.each([
    ["the sender of a note to self", 2, true],
    ["anyone else, admins included", 1, false],
  ] as const)("a note to self (dm_low = dm_high): %s → %s", (_, uid, expected) => {
    expect(messagePolicy.canRead(claims(uid, { is_admin: uid === 1 }), dmRow(2, 2), undefined)).toBe(expected);
  });
});

describe("messagePolicy.canArchive: exactly the right to read (admins do not archive what they cannot read)", () => {
  it.each(READ)("$actor, message in $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = at(state);
    expect(messagePolicy.canArchive(ACTORS[actor], message, group)).toBe(expected);
  });
});

describe("messagePolicy.canEdit: the sender only, a normal or reply message, while still in the conversation", () => {
  const MESSAGES = {
    public: at("public"),
    private: at("private"),
    dm: at("dm"),
    "public reply": at("public", "reply"),
    "private reply": at("private", "reply"),
    "dm reply": at("dm", "reply"),
    reaction: at("public", "reaction"),
  };
  it.each(
    whoMay(ACTORS, { public: "sender", private: "sender", dm: "sender", "public reply": "sender", "private reply": "sender", "dm reply": "sender", reaction: NOBODY }),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = MESSAGES[state];
    expect(messagePolicy.canEdit(ACTORS[actor], message, group)).toBe(expected);
  });

  it("a sender who left the private channel no longer edits there", () => {
    const left = privateGroup(3, [3, 6, 8]);
    expect(messagePolicy.canEdit(ACTORS.sender, WHERE.private.message, left)).toBe(false);
  });

  it("an admin sender who left still does not (admins do not read private channels they are not in)", () => {
    const left = privateGroup(3, [3]);
    expect(messagePolicy.canEdit(ACTORS.admin, messageRow({ from_uid: 1 }), left)).toBe(false);
  });
});

describe("messagePolicy.canLike: anyone who can read a normal or reply message", () => {
  const MESSAGES = { public: at("public"), private: at("private"), dm: at("dm"), "private reply": at("private", "reply"), reaction: at("public", "reaction") };
  it.each(
    // The route refuses guests first (guards.member); the rule itself is read access.
    whoMay(ACTORS, { public: EVERYONE, private: PRIVATE_MEMBERS, dm: "sender recipient", "private reply": PRIVATE_MEMBERS, reaction: NOBODY }),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = MESSAGES[state];
    expect(messagePolicy.canLike(ACTORS[actor], message, group)).toBe(expected);
  });
});

describe("messagePolicy.canDelete: the sender or an admin, a normal or reply message", () => {
  const MESSAGES = { normal: messageRow(), reply: messageRow({ kind: "reply", ref_mid: 99 }), reaction: messageRow({ kind: "reaction", ref_mid: 99, content: null, content_type: null, reaction: '{"type":"like","action":"👍"}' }), "someone else's DM": dmRow(2, 3) };
  it.each(
    // Deleting needs no read access: an admin removes any message (docs/API.md, "Delete").
    whoMay(ACTORS, { normal: "sender admin adminMember", reply: "sender admin adminMember", reaction: NOBODY, "someone else's DM": "sender admin adminMember" }),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(messagePolicy.canDelete(ACTORS[actor], MESSAGES[state])).toBe(expected);
  });
});

describe("messagePolicy.canReply: a DM party, or whoever may post in the channel", () => {
  const MESSAGES = { public: at("public"), private: at("private"), restricted: at("restricted"), dm: at("dm"), reaction: at("dm", "reaction") };
  it.each(
    whoGets(ACTORS, {
      public: { ok: "sender recipient nonMember admin adminMember bot botMember", forbidden: "guest" },
      private: { ok: PRIVATE_MEMBERS, forbidden: "nonMember admin bot guest" },
      restricted: { ok: "sender adminMember", restricted: "recipient botMember", forbidden: "nonMember admin bot guest" },
      dm: { ok: "sender recipient", forbidden: "nonMember admin adminMember bot botMember guest" },
      reaction: { forbidden: EVERYONE },
    }),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = MESSAGES[state];
    expect(messagePolicy.canReply(ACTORS[actor], message, group)).toBe(expected);
  });

  it("a reply to a reply is fine", () => {
    const { message, group } = at("private", "reply");
    expect(messagePolicy.canReply(ACTORS.recipient, message, group)).toBe("ok");
  });
});
