import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { dialects, type Session } from "../../test/harness.js";
import { buildCast, buildChannel } from "../../test/factories.js";
import { call } from "../../test/api.js";
import { image, stored } from "../../test/uploads.js";
import { useSuite } from "../../test/suite.js";

/** Deleting a user or a channel removes its pictures from the store, not only the rows. */
describe.each(dialects())("pictures of deleted users and channels (%s)", (dialect) => {
  const suite = useSuite(dialect, { seed: buildCast });

  const post = async (url: string, who: Session) => {
    const res = await call(suite.s, "POST", url, who, await image(160, 160, { background: "#884422" }), { "content-type": "image/png" });
    expect(res.statusCode, res.body).toBe(200);
  };
  const del = (url: string, who: Session) => call(suite.s, "DELETE", url, who);
  const get = (url: string) => call(suite.s, "GET", url);
  const object = (key: string) => stored(suite.s, key);

  it("deleting a channel deletes its picture", async () => {
    const { s, seed: { bob } } = suite;
    const gid = await buildChannel(s, bob, { name: "team" });
    const other = await buildChannel(s, bob, { name: "other" });
    await post(`/group/${gid}/avatar`, bob);
    await post(`/group/${other}/avatar`, bob);
    expect(fs.existsSync(object(`group_avatar/${gid}.png`))).toBe(true);
    expect((await del(`/group/${gid}`, bob)).statusCode).toBe(200);
    expect(fs.existsSync(object(`group_avatar/${gid}.png`))).toBe(false);
    expect((await get(`/resource/group_avatar?gid=${gid}`)).statusCode).toBe(404);
    expect((await get(`/resource/group_avatar?gid=${other}`)).statusCode).toBe(200);
  });

  it("deleting a user (by an admin or themselves) deletes their avatar and the pictures of the channels deleted with them", async () => {
    const { s, seed: { admin, bob, carol } } = suite;
    const owned = await buildChannel(s, bob, { name: "bob's" });
    const pub = await buildChannel(s, admin, { name: "general", is_public: true });
    await post("/user/avatar", bob);
    await post(`/group/${owned}/avatar`, bob);
    await post(`/group/${pub}/avatar`, admin);
    await post("/user/avatar", admin);
    expect(fs.existsSync(object(`avatar/${bob.uid}.png`))).toBe(true);
    const res = await del(`/admin/user/${bob.uid}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(fs.existsSync(object(`avatar/${bob.uid}.png`))).toBe(false);
    expect(fs.existsSync(object(`group_avatar/${owned}.png`))).toBe(false);
    expect((await get(`/resource/avatar?uid=${bob.uid}`)).statusCode).toBe(404);
    // Everyone else's pictures stay.
    expect((await get(`/resource/avatar?uid=${admin.uid}`)).statusCode).toBe(200);
    expect((await get(`/resource/group_avatar?gid=${pub}`)).statusCode).toBe(200);

    await post("/user/avatar", carol);
    expect((await del("/user/delete", carol)).statusCode).toBe(200);
    expect(fs.existsSync(object(`avatar/${carol.uid}.png`))).toBe(false);
  });

  it("a guest without pictures is deleted without errors", async () => {
    const { admin, guest } = suite.seed;
    expect((await del(`/admin/user/${guest.uid}`, admin)).statusCode).toBe(200);
  });
});
