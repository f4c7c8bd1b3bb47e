/**
 * Logging out (docs/ARCHITECTURE.md "Client rules"): `useLogout` with its confirmation dialog, on a store holding a session.
 * The server's answer does not matter: the session ends locally either way.
 */
import type { UserInfo } from "@parley/protocol";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LogoutDialog from "../components/LogoutDialog";
import { renderWithStore, type PreloadedState } from "../test/renderWithStore";
import { getToasts, toast } from "../utils/toast";
import useLogout from "./useLogout";

const ME: UserInfo = { uid: 1, email: "ada@example.com", name: "Ada", gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" };
const signedIn = (): PreloadedState => ({ authData: { token: "tok-1", refreshToken: "refresh-1", expireTime: Date.now() + 3_600_000, user: ME } });

function LogoutButton() {
  const logout = useLogout();
  return (
    <>
      <button onClick={logout.ask}>Account menu: log out</button>
      <LogoutDialog logout={logout} />
    </>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
const stubServer = (status: number) => {
  fetchMock = vi.fn(async () => new Response(status === 200 ? "null" : "boom", { status, headers: { "Content-Type": status === 200 ? "application/json" : "text/plain" } }));
  vi.stubGlobal("fetch", fetchMock);
};
const requestOf = (call: unknown[]) => call[0] as Request;

beforeEach(() => {
  window.location.hash = "#/chat";
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe("useLogout with its dialog", () => {
  it("asks first; Cancel and Escape close the question without a request", async () => {
    stubServer(200);
    const view = renderWithStore(<LogoutButton />, { preloadedState: signedIn() });
    expect(view.queryByRole("dialog")).toBeNull();

    await view.user.click(view.getByText("Account menu: log out"));
    expect(view.getByRole("dialog").textContent).toContain("Log out?");
    await view.user.click(view.getByRole("button", { name: "Cancel" }));
    expect(view.queryByRole("dialog")).toBeNull();

    await view.user.click(view.getByText("Account menu: log out"));
    await view.user.keyboard("{Escape}");
    expect(view.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(view.store.getState().authData.token).toBe("tok-1");
  });

  it("on confirming, tells the server with the session's key, ends the session and goes to /login", async () => {
    stubServer(200);
    const view = renderWithStore(<LogoutButton />, { preloadedState: signedIn() });
    await view.user.click(view.getByText("Account menu: log out"));
    await view.user.click(view.getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain("Logout Successfully!"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const req = requestOf(fetchMock.mock.calls[0]);
    expect(new URL(req.url).pathname).toBe("/api/token/logout");
    expect(req.headers.get("X-API-Key")).toBe("tok-1");
    const { authData } = view.store.getState();
    expect(authData.token).toBe("");
    expect(authData.user).toBeNull();
    expect(window.location.hash).toBe("#/login");
  });

  it("ends the session even when the server fails the call", async () => {
    stubServer(500);
    const view = renderWithStore(<LogoutButton />, { preloadedState: signedIn() });
    await view.user.click(view.getByText("Account menu: log out"));
    await view.user.click(view.getByRole("button", { name: "Log out" }));

    await waitFor(() => expect(view.store.getState().authData.token).toBe(""));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toBe("#/login");
  });
});
