import { describe, expect, it } from "vitest";
import type { GroupWithMembers } from "../repos/groups.js";
import type { MessageRow } from "../repos/messages.js";
import { claims, dmRow, matrixCases, messageRow, privateGroup, publicGroup } from "../test/rows.js";
import { messagePolicy } from "./messages.js";

/**
 * The message rules of docs/API.md ("Messages", "Archives", "Who may call each route"): the
 * message is the sender's (uid 2, `sender`, who owns the private channel); in a DM it goes to
 * `recipient` (uid 3), who is also a member of the private channel.
 */

const ACTORS = {
  sender: claims(2),
  recipient: claims(3),
  nonMember: claims(4),
  admin: claims(1, { is_admin: true }),
  adminMember: claims(8, { is_admin: true }),
  bot: claims(5),
  botMember: claims(6),
  guest: claims(7, { is_guest: true }),
};
type Actor = keyof typeof ACTORS;

const MEMBERS = [2, 3, 6, 8];

/** Each conversation a message can be in: its row and the channel the caller loads (none for a DM). */
const WHERE = {
  public: { group: publicGroup({ gid: 10 }), message: messageRow({ target_gid: 10 }) },
  private: { group: privateGroup(2, MEMBERS), message: messageRow({ target_gid: 20 }) },
  restricted: { group: privateGroup(2, MEMBERS, { only_owner_can_send_msg: 1 }), message: messageRow({ target_gid: 20 }) },
  dm: { group: undefined, message: dmRow(2, 3) },
} satisfies Record<string, { group: GroupWithMembers | undefined; message: MessageRow }>;

const STATES = ["public", "private", "dm"] as const;
const at = (state: keyof typeof WHERE, kind?: string) => {
  const { group, message } = WHERE[state];
  return { group, message: kind ? { ...message, kind, ref_mid: 99 } : message };
};

/** Read access, the same for canRead and canArchive. */
const READ = {
  sender: [true, true, true],
  recipient: [true, true, true],
  nonMember: [true, false, false],
  admin: [true, false, false],
  adminMember: [true, true, false],
  bot: [true, false, false],
  botMember: [true, true, false],
  guest: [true, false, false],
} satisfies Record<Actor, boolean[]>;

describe("messagePolicy.canRead: a DM by its two parties, a channel message as the channel's history", () => {
  it.each(matrixCases(STATES, READ))("$actor, message in $state → $expected", ({ actor, state, expected }) => {
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
  it.each(matrixCases(STATES, READ))("$actor, message in $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = at(state);
    expect(messagePolicy.canArchive(ACTORS[actor], message, group)).toBe(expected);
  });
});

describe("messagePolicy.canEdit: the sender only, a normal or reply message, while still in the conversation", () => {
  const ALL = ["public", "private", "dm", "public reply", "private reply", "dm reply", "reaction"] as const;
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
    matrixCases(ALL, {
      sender: [true, true, true, true, true, true, false],
      recipient: [false, false, false, false, false, false, false],
      nonMember: [false, false, false, false, false, false, false],
      admin: [false, false, false, false, false, false, false],
      adminMember: [false, false, false, false, false, false, false],
      bot: [false, false, false, false, false, false, false],
      botMember: [false, false, false, false, false, false, false],
      guest: [false, false, false, false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
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
  const ALL = ["public", "private", "dm", "private reply", "reaction"] as const;
  const MESSAGES = { public: at("public"), private: at("private"), dm: at("dm"), "private reply": at("private", "reply"), reaction: at("public", "reaction") };
  it.each(
    matrixCases(ALL, {
      sender: [true, true, true, true, false],
      recipient: [true, true, true, true, false],
      nonMember: [true, false, false, false, false],
      admin: [true, false, false, false, false],
      adminMember: [true, true, false, true, false],
      bot: [true, false, false, false, false],
      botMember: [true, true, false, true, false],
      // The route refuses guests first (guards.member); the rule itself is read access.
      guest: [true, false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = MESSAGES[state];
    expect(messagePolicy.canLike(ACTORS[actor], message, group)).toBe(expected);
  });
});

describe("messagePolicy.canDelete: the sender or an admin, a normal or reply message", () => {
  const ALL = ["normal", "reply", "reaction", "someone else's DM"] as const;
  const MESSAGES = { normal: messageRow(), reply: messageRow({ kind: "reply", ref_mid: 99 }), reaction: messageRow({ kind: "reaction", ref_mid: 99, content: null, content_type: null, reaction: '{"type":"like","action":"👍"}' }), "someone else's DM": dmRow(2, 3) };
  it.each(
    matrixCases(ALL, {
      sender: [true, true, false, true],
      recipient: [false, false, false, false],
      nonMember: [false, false, false, false],
      // Deleting needs no read access: an admin removes any message (docs/API.md, "Delete").
      admin: [true, true, false, true],
      adminMember: [true, true, false, true],
      bot: [false, false, false, false],
      botMember: [false, false, false, false],
      guest: [false, false, false, false],
    } satisfies Record<Actor, boolean[]>),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    expect(messagePolicy.canDelete(ACTORS[actor], MESSAGES[state])).toBe(expected);
  });
});

describe("messagePolicy.canReply: a DM party, or whoever may post in the channel", () => {
  const ALL = ["public", "private", "restricted", "dm", "reaction"] as const;
  const MESSAGES = { public: at("public"), private: at("private"), restricted: at("restricted"), dm: at("dm"), reaction: at("dm", "reaction") };
  it.each(
    matrixCases(ALL, {
      sender: ["ok", "ok", "ok", "ok", "forbidden"],
      recipient: ["ok", "ok", "restricted", "ok", "forbidden"],
      nonMember: ["ok", "forbidden", "forbidden", "forbidden", "forbidden"],
      admin: ["ok", "forbidden", "forbidden", "forbidden", "forbidden"],
      adminMember: ["ok", "ok", "ok", "forbidden", "forbidden"],
      bot: ["ok", "forbidden", "forbidden", "forbidden", "forbidden"],
      botMember: ["ok", "ok", "restricted", "forbidden", "forbidden"],
      guest: ["forbidden", "forbidden", "forbidden", "forbidden", "forbidden"],
    } satisfies Record<Actor, ("ok" | "forbidden" | "restricted")[]>),
  )("$actor, $state → $expected", ({ actor, state, expected }) => {
    const { message, group } = MESSAGES[state];
    expect(messagePolicy.canReply(ACTORS[actor], message, group)).toBe(expected);
  });

  it("a reply to a reply is fine", () => {
    const { message, group } = at("private", "reply");
    expect(messagePolicy.canReply(ACTORS.recipient, message, group)).toBe("ok");
  });
});
