import type { Pools } from "./fuzzArbitraries.js";
import type { World } from "./routeFixture.js";
import type { Session, TestServer } from "../test/harness.js";

/**
 * The fixture's current ids and names, so generated requests name real things some of the time
 * (`fuzzArbitraries.ts#Pools`). Read from the database before each route: earlier requests
 * create and delete channels, messages and users.
 */
export async function currentPools(s: TestServer, world: World, sessions: Session[]): Promise<Pools> {
  const db = s.ctx.db;
  const uids = (await db.selectFrom("users").select("uid").orderBy("uid").limit(30).execute()).map((r) => r.uid);
  const gids = (await db.selectFrom("groups").select("gid").orderBy("gid").limit(30).execute()).map((r) => r.gid);
  const mids = (await db.selectFrom("messages").select("mid").orderBy("mid", "desc").limit(30).execute()).map((r) => r.mid);
  const users = await db.selectFrom("users").select(["name", "email"]).limit(30).execute();
  const uploads = (await db.selectFrom("file_uploads").select("file_id").limit(10).execute()).map((r) => r.file_id);
  const favorites = (await db.selectFrom("favorites").select("id").limit(10).execute()).map((r) => r.id);
  const archives = (await db.selectFrom("archives").select("path").limit(10).execute()).map((r) => r.path);
  const secret = await s.app.inject({ method: "GET", url: "/api/admin/system/third_party_secret", headers: world.admin.headers });
  const strings: Record<string, string[]> = {
    file_path: [world.filePath, ...archives],
    id: [world.favoriteId, ...favorites],
    device: sessions.map((x) => x.device),
    email: users.flatMap((u) => (u.email ? [u.email] : [])),
    name: users.map((u) => u.name),
    keyword: ["secret", "hello"],
    file_id: [world.uploadId, ...uploads],
    "*": [mids.slice(0, 3).join(","), String(world.secretMid)],
    "x-secret": secret.statusCode === 200 ? [secret.body] : [],
    // Outgoing addresses stay on this machine (a closed port: nothing answers).
    host: ["127.0.0.1"],
    url: ["http://127.0.0.1:9/page", "https://localhost:9/"],
  };
  return {
    ids(field) {
      if (/gid|group/.test(field)) return gids;
      if (/mid/.test(field)) return mids;
      if (/uid|user|owner|member|contact/.test(field)) return uids;
      return [...uids, ...gids, ...mids];
    },
    strings: (field) => (strings[field] ?? []).filter(Boolean),
  };
}
