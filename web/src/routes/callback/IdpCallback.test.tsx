/**
 * The widget's GitHub/OIDC callback page (spec §2, docs/API.md "Widget"): with a `state` it
 * finishes the widget's sign-in, tells only the widget's page, and asks to close the window; a
 * spent sign-in is said in words. Google's answer comes in the URL fragment, which the landing
 * (`landing.ts`, run by main.tsx) moves into the hash route's query. The server is a stubbed `fetch`.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithStore } from "../../test/renderWithStore";
import IdpCallback, { WIDGET_SIGNED_IN, widgetFailureKey } from "./IdpCallback";
import { callbackRoute } from "./landing";

const SHOP = "https://shop.example";

function stubServer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_request: Request) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the widget's callback page", () => {
  it("finishes the sign-in, posts to the widget's origin only and asks to close the window", async () => {
    const fetchMock = stubServer(200, { origin: SHOP });
    const postMessage = vi.fn();
    vi.stubGlobal("opener", { postMessage });
    renderWithStore(<IdpCallback type="github" action="widget" />, { route: "/cb/github/widget?code=the-code&state=the-state" });
    await screen.findByText("Please close this window and return to the widget.");
    const request = fetchMock.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe("/api/widget/oauth/finish");
    expect(await request.json()).toEqual({ type: "github", code: "the-code", state: "the-state" });
    expect(postMessage).toHaveBeenCalledWith({ type: WIDGET_SIGNED_IN }, SHOP);
  });

  it("says a spent sign-in in words, and tells nobody", async () => {
    stubServer(410, "this sign-in has expired");
    const postMessage = vi.fn();
    vi.stubGlobal("opener", { postMessage });
    renderWithStore(<IdpCallback type="github" action="widget" />, { route: "/cb/github/widget?code=the-code&state=spent" });
    await screen.findByText("This sign-in has expired or was already used. Please start again from the chat window.");
    await waitFor(() => expect(postMessage).not.toHaveBeenCalled());
  });

  it("Google: the fragment's ID token reaches the route's query, and finishes the widget's sign-in", async () => {
    const route = callbackRoute("/cb/google/widget", "", "#state=the-state&id_token=h.p.s&authuser=0&prompt=none");
    expect(route).toBe("/#/cb/google/widget?state=the-state&id_token=h.p.s&authuser=0&prompt=none");
    const fetchMock = stubServer(200, { origin: SHOP });
    const postMessage = vi.fn();
    vi.stubGlobal("opener", { postMessage });
    renderWithStore(<IdpCallback type="google" action="widget" />, { route: route!.slice(2) });
    await screen.findByText("Please close this window and return to the widget.");
    const request = fetchMock.mock.calls[0][0];
    expect(new URL(request.url).pathname).toBe("/api/widget/oauth/finish");
    expect(await request.json()).toEqual({ type: "google", id_token: "h.p.s", state: "the-state" });
    expect(postMessage).toHaveBeenCalledWith({ type: WIDGET_SIGNED_IN }, SHOP);
  });

  it.each([
    ["a refusal", "#error=access_denied&state=s", "The sign-in was cancelled at Google."],
    ["no ID token", "#state=s", "This sign-in has expired or was already used. Please start again from the chat window."],
  ])("Google: %s is said in words and asks nothing of the server", async (_what, fragment, words) => {
    const fetchMock = stubServer(200, { origin: SHOP });
    renderWithStore(<IdpCallback type="google" action="widget" />, { route: callbackRoute("/cb/google/widget", "", fragment)!.slice(2) });
    await screen.findByText(words);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the landing keeps GitHub's query, leaves a hash route alone and ignores other paths", () => {
    expect(callbackRoute("/cb/github/widget", "?code=c&state=s", "")).toBe("/#/cb/github/widget?code=c&state=s");
    expect(callbackRoute("/cb/oidc/login", "?code=c", "#/ignored")).toBe("/#/cb/oidc/login?code=c");
    expect(callbackRoute("/", "", "#id_token=t")).toBeNull();
    expect(callbackRoute("/cb/google", "", "#id_token=t")).toBeNull();
  });

  it.each([
    [410, "idp.widget_expired"],
    [400, "idp.widget_expired"],
    [409, "idp.widget_refused"],
    [403, "idp.disabled"],
    [423, "tip.frozen"],
  ])("status %s → %s", (status, key) => {
    expect(widgetFailureKey(status)).toBe(key);
  });
});
