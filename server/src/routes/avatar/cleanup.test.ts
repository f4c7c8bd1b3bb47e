import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dialects, type Session, startTestServer, type TestServer } from "../../test/harness.js";
import { buildAdmin, buildChannel, buildGuest, buildMember } from "../../test/factories.js";

const png = () =>
  sharp({ create: { width: 160, height: 160, channels: 3, background: "#884422" } })
    .png()
    .toBuffer();

/** Deleting a user or a channel removes its pictures from the store, not only the rows. */
describe.each(dialects())("pictures of deleted users and channels (%s)", (dialect) => {
  let s: TestServer;
  let admin: Session;
  let bob: Session;

  beforeEach(async () => {
    s = await startTestServer(dialect);
    admin = await buildAdmin(s);
    bob = await buildMember(s, admin, "Bob");
  });
  afterEach(async () => {
    await s.close();
  });

  const post = async (url: string, who: Session) => {
    const res = await s.app.inject({ method: "POST", url: `/api${url}`, headers: { ...who.headers, "content-type": "image/png" }, payload: await png() });
    expect(res.statusCode, res.body).toBe(200);
  };
  const del = (url: string, who: Session) => s.app.inject({ method: "DELETE", url: `/api${url}`, headers: who.headers });
  const get = (url: string) => s.app.inject({ method: "GET", url: `/api${url}` });
  const object = (key: string) => path.join(s.ctx.config.dataDir, ...key.split("/"));

  it("deleting a channel deletes its picture", async () => {
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

    const carol = await buildMember(s, admin, "Carol");
    await post("/user/avatar", carol);
    expect((await del("/user/delete", carol)).statusCode).toBe(200);
    expect(fs.existsSync(object(`avatar/${carol.uid}.png`))).toBe(false);
  });

  it("a guest without pictures is deleted without errors", async () => {
    const guest = await buildGuest(s);
    expect((await del(`/admin/user/${guest.uid}`, admin)).statusCode).toBe(200);
  });
});
