/**
 * The private-channel invitation, from the link to the joined channel: sign in first
 * (the link is remembered with its magic token), Join, land in the channel; a second Join says
 * 'You are already in this channel', a bad token 'The invite link is invalid or expired'.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { screenshotBothThemes } from "../helpers/browser";
import { submitLoginForm } from "../helpers/chat";
import { BOB, useSuite } from "../helpers/suite";

const suite = useSuite({ members: [BOB], channels: [{ name: "secret-plans", description: "Only for the inner circle", isPublic: false }] });
let gid: number;
let link: string;

beforeAll(async () => {
  gid = suite.gid("secret-plans");
  // `GET /api/group/create_invite_private_magic_link` answers the link as plain text.
  const res = await fetch(`${suite.url}/api/group/create_invite_private_magic_link?gid=${gid}`, { headers: { "X-API-Key": suite.admin.token } });
  expect(res.status).toBe(200);
  link = (await res.text()).trim();
});

describe("private-channel invitation", () => {
  it("signs in, joins from the link and lands in the channel", async () => {
    expect(link).toMatch(new RegExp(`/#/invite_private/${gid}\\?magic_token=`));
    const { page, context, errors } = await suite.page();
    await page.goto(link);
    // Not signed in: the guard remembers the invitation (with its token) and asks for a sign-in.
    await page.waitForURL(/#\/login$/);
    await submitLoginForm(page, BOB);
    await page.waitForURL(/#\/invite_private\/\d+\?magic_token=/);

    const join = page.getByRole("button", { name: "Join" });
    await expect.poll(() => join.isEnabled()).toBe(true);
    await expect(page.getByTestId("invite-text").innerText()).resolves.toMatch(/^You are invited to join (private channel #secret-plans|a private channel)$/);
    await screenshotBothThemes(page, "invite-private");
    await join.click();

    // Joined: the channel opens (after a reload) and is in the sidebar.
    await page.waitForURL(new RegExp(`#/chat/channel/${gid}$`));
    await page.getByTestId("channel-title").getByText("secret-plans").waitFor();
    await page.getByRole("link", { name: "secret-plans" }).waitFor();

    // The same link again: already a member.
    await page.goto(link);
    await expect.poll(() => join.isEnabled()).toBe(true);
    await join.click();
    await page.getByRole("alert").getByText(/You are already in this channel|The invite link is invalid or expired/).waitFor();

    // A made-up token is refused by the server (409).
    await page.goto(`${suite.url}/#/invite_private/${gid}?magic_token=not-a-real-token`);
    const refused = page.getByRole("alert").getByText("The invite link is invalid or expired");
    const disabled = page.getByTestId("invite-text").getByText("The invite link is invalid or expired");
    if (await join.isEnabled()) await join.click();
    await refused.or(disabled).first().waitFor();
    await screenshotBothThemes(page, "invite-private-invalid");
    expect(errors).toEqual([]);
    await context.close();
  });
});
