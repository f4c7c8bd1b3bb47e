/**
 * Bots are marked as bots (issue 18): the one badge beside a bot's name on its messages, in a
 * channel's members, the directory, the DM profile and the mention list; never beside a person.
 */
import { describe, expect, it } from "vitest";
import { within } from "@testing-library/react";
import type { Group } from "@parley/protocol";
import type { StoredMessage } from "../../app/slices/messages";
import { placeholderUser, type StoredUser } from "../../app/slices/users";
import { renderWithStore } from "../../test/renderWithStore";
import Directory from "../../routes/users/Directory";
import MembersPanel from "../aside/MembersPanel";
import ProfilePanel from "../aside/ProfilePanel";
import MentionList from "../Composer/MentionList";
import MessageItem from "../MessageList/MessageItem";
import BotBadge from "./BotBadge";

const ADA: StoredUser = placeholderUser(1, { name: "Ada", is_admin: true });
const BOB: StoredUser = placeholderUser(2, { name: "Bob" });
const RELAY: StoredUser = placeholderUser(3, { name: "Relay", is_bot: true });
const users = { ids: [1, 2, 3], byId: { 1: ADA, 2: BOB, 3: RELAY } };
const GENERAL = { gid: 1, owner: null, name: "general", description: null, members: [], is_public: true, avatar_updated_at: 0, pinned_messages: [] } as unknown as Group;
const signedIn = { users, authData: { user: ADA } } as const;

const message = (mid: number, from_uid: number): StoredMessage => ({ mid, from_uid, created_at: 1_700_000_000_000, content_type: "text/plain", content: `hello from ${from_uid}`, properties: null });

describe("BotBadge", () => {
  it("says Bot, in white on a selected row", () => {
    const plain = renderWithStore(<BotBadge />);
    const badge = plain.getByTestId("bot-badge");
    expect(badge.textContent).toBe("Bot");
    expect(badge.className).toContain("bg-primary-50");
    plain.unmount();
    const inverted = renderWithStore(<BotBadge inverted />);
    expect(inverted.getByTestId("bot-badge").className).toContain("text-white");
  });

  it("stands beside a bot's name on its messages, not a person's", () => {
    const app = renderWithStore(
      <>
        <MessageItem message={message(10, 3)} sender={RELAY} users={users.byId} showHeader />
        <MessageItem message={message(11, 2)} sender={BOB} users={users.byId} showHeader />
      </>,
      { preloadedState: signedIn },
    );
    const [fromBot, fromBob] = app.getAllByTestId("message");
    expect(within(fromBot).getByTestId("message-sender").textContent).toBe("Relay");
    within(fromBot).getByTestId("bot-badge");
    expect(within(fromBob).queryByTestId("bot-badge")).toBeNull();
  });

  it("marks the bot among a channel's members", () => {
    const app = renderWithStore(<MembersPanel gid={1} />, { preloadedState: { ...signedIn, channels: { ids: [1], byId: { 1: GENERAL } } } });
    const bot = app.getAllByTestId("member").find((el) => el.dataset.uid === "3")!;
    within(bot).getByTestId("bot-badge");
    expect(app.getAllByTestId("bot-badge")).toHaveLength(1);
  });

  it("marks the bot in the directory, in white when it is the open profile", () => {
    const app = renderWithStore(<Directory />, { preloadedState: signedIn, route: "/users/3" });
    const rows = app.getAllByTestId("directory-user");
    const bot = rows.find((el) => el.textContent?.includes("Relay"))!;
    expect(within(bot).getByTestId("bot-badge").className).toContain("text-white");
    expect(app.getAllByTestId("bot-badge")).toHaveLength(1);
  });

  it("marks a bot's DM profile and its option in the mention list", () => {
    const profile = renderWithStore(<ProfilePanel uid={3} />, { preloadedState: signedIn });
    within(profile.getByTestId("profile-panel")).getByTestId("bot-badge");
    profile.unmount();
    const mentions = renderWithStore(<MentionList id="m" users={[BOB, RELAY]} active={0} onPick={() => {}} onHover={() => {}} />);
    const [bob, relay] = mentions.getAllByTestId("mention-option");
    expect(within(bob).queryByTestId("bot-badge")).toBeNull();
    within(relay).getByTestId("bot-badge");
  });
});
