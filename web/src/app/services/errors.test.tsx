/**
 * The error catalogue (docs/ARCHITECTURE.md "Client rules"), status by status, with the app rendered (toasts and session
 * loss are real), plus the situations the screens handle.
 */
import { describe, expect, it } from "vitest";
import { renderApp, session } from "../../test/render";
import type * as ErrorsModule from "./errors";

type Catalogue = typeof ErrorsModule;

async function setup(storage = session()) {
  const app = await renderApp({ route: "/users", storage });
  await app.findByText("Your team");
  const errors: Catalogue = await import("./errors");
  const { act } = app.rtl;
  const fail = (endpoint: string, status: Parameters<Catalogue["handleApiError"]>[1], data?: unknown, options?: { silent?: boolean }) => {
    let outcome!: ReturnType<Catalogue["handleApiError"]>;
    act(() => {
      outcome = errors.handleApiError(endpoint, status, data, app.store.dispatch, options);
    });
    return outcome;
  };
  return { app, errors, fail };
}

describe("error catalogue", () => {
  it("toasts the spec's text for each status", async () => {
    const { app, fail } = await setup();
    const cases: [number | "FETCH_ERROR", string, unknown, string][] = [
      ["FETCH_ERROR", "getUsers", undefined, "getUsers: Failed to fetch"],
      [400, "createChannel", undefined, "Bad Request"],
      [403, "createChannel", undefined, "Request Not Allowed"],
      [404, "getUsers", undefined, "Request Not Found"],
      [413, "uploadFile", undefined, "File size too large"],
      [500, "getUsers", undefined, "Server Error"],
      [503, "getUsers", "Database is busy", "Database is busy"],
    ];
    for (const [status, endpoint, data, text] of cases) {
      expect(fail(endpoint, status, data).toast).toBe(text);
      await app.findByText(text);
    }
    // None of these ends the session.
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBe("tok-1");
  });

  it("keeps the listed exceptions quiet", async () => {
    const { fail } = await setup();
    // 403: send message and login handle it; 404: login, archive, pre-check, deletes, widget CSS.
    for (const endpoint of ["sendChannelMsg", "sendMsg", "login"]) expect(fail(endpoint, 403).toast).toBeUndefined();
    for (const endpoint of ["login", "getArchiveMessage", "preCheckFileFromUrl", "deleteMessage", "deleteMessages", "getWidgetExtCSS"]) {
      expect(fail(endpoint, 404).toast).toBeUndefined();
    }
    // Logged only: server info, version, common settings, voice list, license.
    for (const endpoint of ["getServer", "getServerVersion", "getSystemCommon", "getAgoraVoicingList", "getLicense"]) {
      expect(fail(endpoint, 500).toast).toBeUndefined();
    }
    // An endpoint that declares itself silent (`extraOptions: SILENT`): its caller shows the refusal.
    expect(fail("updateSmtpConfig", 400, "Invalid host", { silent: true }).toast).toBeUndefined();
    expect(fail("updateSmtpConfig", 400, "Invalid host").toast).toBe("Bad Request");
    // Statuses without a text.
    expect(fail("getUsers", "TIMEOUT_ERROR").toast).toBeUndefined();
    expect(fail("getUsers", "PARSING_ERROR").toast).toBeUndefined();
    // 401 is silent for the voice list and login calls.
    expect(fail("getAgoraVoicingList", 401).loggedOut).toBe(false);
    expect(fail("login", 401).loggedOut).toBe(false);
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBe("tok-1");
  });

  it("ends the session on a 401 elsewhere", async () => {
    const { app, fail } = await setup();
    expect(fail("getUsers", 401)).toEqual({ loggedOut: true });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBeNull();
  });

  it("ends the session on a 451 and says why ('License Error' without a text)", async () => {
    const { app, fail } = await setup();
    expect(fail("getUsers", 451)).toEqual({ loggedOut: true, toast: "License Error" });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
    await app.findByText("License Error");
  });

  it("a 451 for the user limit: the admin creating an account stays signed in; elsewhere it ends the session, in words", async () => {
    const { app, fail, errors } = await setup();
    const limit = "License error: Users reached limit.";
    const words = "This server has reached its user limit. Upgrade its license, or contact the Admin.";
    // Members and Bots show the refusal beside their form (refusalText), so no toast either.
    expect(fail("createUser", 451, limit, { silent: true })).toEqual({ loggedOut: false });
    expect(fail("createBot", 451, limit, { silent: true })).toEqual({ loggedOut: false });
    expect(localStorage.getItem("VOCECHAT_TOKEN")).not.toBeNull();
    const { refusalText } = await import("./refusal");
    expect(refusalText({ status: 451, data: limit })).toBe(words);
    expect(refusalText({ status: 451, data: "License error: Expired." })).toBe("License error: Expired.");
    expect(errors.licenseText(undefined)).toBe("License Error");
    expect(fail("register", 451, limit)).toEqual({ loggedOut: true, toast: words });
    await app.findByRole("heading", { name: "Sign in to Testbed" });
  });

  it("names every other situation of the table in one place", async () => {
    const { errors } = await setup();
    const t = errors.errorText;
    const table: [Parameters<typeof t>[0], string, Parameters<typeof t>[1]?][] = [
      ["inviteInvalid", "The invite link is invalid or expired"],
      ["alreadyInChannel", "You are already in this channel"],
      ["sendBlocked", "Send failed, blocked maybe"],
      ["sendFailed", "Send Message Failed"],
      ["stripeSession", "Invalided Stripe Session ID"],
      ["magicLinkInvalid", "Magic link invalid or expired, Please request a new magic link."],
      ["versionNeeded", "This function needs server version 0.4.0 at least", { version: "0.4.0" }],
      ["upgradeServer", "Please upgrade the Server!"],
      ["singleTab", "Only one active tab is allowed"],
      ["kickedOtherDevice", "kicked from the other device"],
      ["accountDeleted", "Your account has been deleted"],
      ["reconnecting", "Reconnecting..."],
      ["imageCopyType", "Cannot copy this type of image to clipboard"],
      ["imageCopyBlob", "Cannot get blob from image element"],
    ];
    for (const [key, text, values] of table) expect(t(key, values), key).toBe(text);
  });

  it("shows a real failed call through the base query", async () => {
    const app = await renderApp({ route: "/users", storage: session(), api: { "GET /api/user": () => ({ status: 500, body: "Server Error" }) } });
    await app.findByText("Server Error");
    expect(localStorage.getItem("VOCECHAT_TOKEN")).toBe("tok-1");
  });
});
