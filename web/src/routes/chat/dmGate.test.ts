import { describe, expect, it } from "vitest";
import { dmGate, type DmGateInput } from "./dmGate";

const member = (uid: number) => ({ uid, is_admin: false });
const admin = (uid: number) => ({ uid, is_admin: true });
const gate = (over: Partial<DmGateInput>) => dmGate({ me: member(1), peer: member(2), status: "", common: {}, ...over });

describe("dmGate", () => {
  it("is open by default, with the blocked notice when I blocked them", () => {
    expect(gate({})).toEqual({ kind: "open", blockedByMe: false });
    expect(gate({ common: undefined })).toEqual({ kind: "open", blockedByMe: false });
    expect(gate({ status: "blocked" })).toEqual({ kind: "open", blockedByMe: true });
  });

  it("under contact verification, asks me to add them, or to unblock them", () => {
    const common = { contact_verification_enable: true };
    expect(gate({ common })).toEqual({ kind: "not_contact" });
    expect(gate({ common, status: "blocked" })).toEqual({ kind: "blocked" });
    expect(gate({ common, status: "added" })).toEqual({ kind: "open", blockedByMe: false });
  });

  it("with DMs off, is closed between members, whatever the contact status", () => {
    expect(gate({ common: { dm_enable: false } })).toEqual({ kind: "dm_disabled" });
    expect(gate({ common: { dm_enable: false, contact_verification_enable: true }, status: "added" })).toEqual({ kind: "dm_disabled" });
  });

  it("is always open with an admin on either side, and to myself", () => {
    const common = { dm_enable: false, contact_verification_enable: true };
    expect(gate({ common, me: admin(1) })).toEqual({ kind: "open", blockedByMe: false });
    expect(gate({ common, peer: admin(2), status: "blocked" })).toEqual({ kind: "open", blockedByMe: true });
    expect(gate({ common, peer: member(1) })).toEqual({ kind: "open", blockedByMe: false });
  });
});
