/** The users slice keeps presence that arrives before the user list. */
import { describe, expect, it } from "vitest";
import type { UserInfo } from "@parley/protocol";
import reducer, { fillUsers, setUsersOnline, upsertUsers } from "./users";

const user = (uid: number): UserInfo => ({ uid, email: null, name: `U${uid}`, gender: 0, language: "en-US", is_admin: false, is_bot: false, avatar_updated_at: 0, create_by: "password" });

describe("users slice presence", () => {
  it("applies a users_state that came before GET /user once the list arrives", () => {
    let s = reducer(undefined, setUsersOnline([{ uid: 1, online: true }, { uid: 2, online: false }]));
    s = reducer(s, fillUsers([user(1), user(2), user(3)]));
    expect([1, 2, 3].map((uid) => s.byId[uid].online)).toEqual([true, false, undefined]);
    s = reducer(s, setUsersOnline([{ uid: 4, online: true }]));
    s = reducer(s, upsertUsers([user(4)]));
    expect(s.byId[4].online).toBe(true);
    // A later change wins over the remembered one.
    s = reducer(s, setUsersOnline([{ uid: 1, online: false }]));
    s = reducer(s, fillUsers([user(1)]));
    expect(s.byId[1].online).toBe(false);
  });
});
