/** The server-version gate of docs/ARCHITECTURE.md "Client rules", on a store whose version a test sets and changes. */
import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { updateInfo } from "../app/slices/server";
import { renderWithStore } from "../test/renderWithStore";
import ServerVersionChecker from "./ServerVersionChecker";

const gated = (props: { empty?: boolean } = {}) => (
  <ServerVersionChecker version="0.3.11" {...props}>
    <p>the new files screen</p>
  </ServerVersionChecker>
);

describe("ServerVersionChecker", () => {
  it("shows its children on a server at least the version asked (a dash suffix ignored)", () => {
    const view = renderWithStore(gated(), { preloadedState: { server: { version: "0.3.11-beta" } } });
    expect(view.getByText("the new files screen")).toBeTruthy();
    expect(view.queryByTestId("server-version")).toBeNull();
  });

  it("on an older server, says which version is needed instead of the children", () => {
    const view = renderWithStore(gated(), { preloadedState: { server: { version: "0.3.9" } } });
    expect(view.queryByText("the new files screen")).toBeNull();
    expect(view.getByText("This function needs server version 0.3.11 at least")).toBeTruthy();
    expect(view.getByText("Please upgrade the Server!")).toBeTruthy();
    expect(view.getByTestId("server-version").textContent).toBe("0.3.9 → 0.3.11");
  });

  it("treats an unknown version as too old, and opens once the version arrives", () => {
    const view = renderWithStore(gated(), { preloadedState: { server: { version: undefined } } });
    expect(view.getByTestId("server-version").textContent).toBe("? → 0.3.11");
    act(() => {
      view.store.dispatch(updateInfo({ version: "0.4.0" }));
    });
    expect(view.getByText("the new files screen")).toBeTruthy();
  });

  it("renders nothing at all when asked to stay empty", () => {
    const view = renderWithStore(gated({ empty: true }), { preloadedState: { server: { version: "0.2.0" } } });
    expect(view.container.textContent).toBe("");
  });
});
