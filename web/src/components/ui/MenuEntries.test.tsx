/** The keyboard model and entries that `Menu` and the sidebar's `ContextMenu` share (MenuEntries). */
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ContextMenu from "../../routes/home/sidebar/ContextMenu";
import Menu, { type MenuEntry } from "./Menu";

afterEach(cleanup);

const entries = (onSelect: (key: string) => void): MenuEntry[] => [
  { key: "a", label: "Alpha", onSelect: () => onSelect("a") },
  { key: "b", label: "Beta", onSelect: () => onSelect("b"), checked: true },
  "divider",
  { key: "c", label: "Gamma", onSelect: () => onSelect("c"), danger: true },
];

const focused = () => document.activeElement?.textContent;

describe("Menu", () => {
  it("opens on the first item, moves round with arrows, Home and End, and closes on Escape back to its button", async () => {
    const user = userEvent.setup();
    render(<Menu label="Options" items={entries(() => {})} trigger={(props) => <button {...props}>Open</button>} />);
    screen.getByText("Open").focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menu", { name: "Options" })).toBeTruthy();
    expect(focused()).toBe("Alpha");
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe("Gamma");
    await user.keyboard("{ArrowDown}");
    expect(focused()).toBe("Alpha");
    await user.keyboard("{End}");
    expect(focused()).toBe("Gamma");
    await user.keyboard("{Home}");
    expect(focused()).toBe("Alpha");
    expect(screen.getByRole("menuitemradio", { name: "Beta" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getAllByRole("separator")).toHaveLength(1);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(focused()).toBe("Open");
  });

  it("closes when an item is chosen", async () => {
    const user = userEvent.setup();
    const chosen = vi.fn();
    render(<Menu label="Options" items={entries(chosen)} trigger={(props) => <button {...props}>Open</button>} />);
    await user.click(screen.getByText("Open"));
    await user.click(screen.getByRole("menuitem", { name: "Gamma" }));
    expect(chosen).toHaveBeenCalledWith("c");
    expect(screen.queryByRole("menu")).toBeNull();
  });
});

describe("ContextMenu", () => {
  it("has the same keys; an item chosen leaves closing to its owner", async () => {
    const user = userEvent.setup();
    const chosen = vi.fn();
    const onClose = vi.fn();
    render(<ContextMenu x={10} y={10} label="Conversation" items={entries(chosen)} onClose={onClose} />);
    expect(focused()).toBe("Alpha");
    await user.keyboard("{ArrowUp}");
    expect(focused()).toBe("Gamma");
    await user.keyboard("{Enter}");
    expect(chosen).toHaveBeenCalledWith("c");
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenLastCalledWith(true);
    await user.keyboard("{Tab}");
    expect(onClose).toHaveBeenLastCalledWith(false);
  });
});
