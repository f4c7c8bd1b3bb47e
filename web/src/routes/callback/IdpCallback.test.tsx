/**
 * The widget's GitHub/OIDC callback page (spec §2, docs/API.md "Widget"): with a `state` it
 * finishes the widget's sign-in, tells only the widget's page, and asks to close the window; a
 * spent sign-in is said in words. The server is a stubbed `fetch`.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithStore } from "../../test/renderWithStore";
import IdpCallback, { WIDGET_SIGNED_IN, widgetFailureKey } from "./IdpCallback";

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
