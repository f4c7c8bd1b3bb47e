/**
 * The calls' media backend (media.ts): the engine takes the one `GET /call/config` names. With
 * Agora it asks the token route of the conversation (a channel's `GET`, a DM's `POST`), joins the
 * token's channel as the token's uid and publishes the microphone; mute unpublishes it, leaving
 * leaves the channel, and an Agora channel that cannot be joined leaves the room again. Agora's
 * SDK is replaced by a recording fake (no network in unit tests).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AgoraTokenResponse, CallConfig, CallRoom } from "@parley/protocol";
import { placeholderUser } from "../app/slices/users";
import { createTestStore } from "../test/renderWithStore";
import { CallEngine } from "./engine";

const agora = vi.hoisted(() => {
  const log: unknown[][] = [];
  const state = { joinFails: false };
  const track = (kind: string, source: { id: string }) => ({ kind, source: source.id, close: () => log.push(["close", kind, source.id]) });
  return {
    log,
    state,
    module: {
      setLogLevel: () => undefined,
      disableLogUpload: () => undefined,
      createCustomAudioTrack: ({ mediaStreamTrack }: { mediaStreamTrack: { id: string } }) => track("audio", mediaStreamTrack),
      createCustomVideoTrack: ({ mediaStreamTrack }: { mediaStreamTrack: { id: string } }) => track("video", mediaStreamTrack),
      createClient: (config: unknown) => {
        log.push(["createClient", config]);
        return {
          on: () => undefined,
          removeAllListeners: () => undefined,
          join: async (...args: unknown[]) => {
            log.push(["join", ...args]);
            if (state.joinFails) throw new Error("CAN_NOT_GET_GATEWAY_SERVER");
            return args[3];
          },
          publish: async (t: { kind: string; source: string }) => void log.push(["publish", t.kind, t.source]),
          unpublish: async (t: { kind: string; source: string }) => void log.push(["unpublish", t.kind, t.source]),
          leave: async () => void log.push(["leave"]),
          subscribe: async () => undefined,
        };
      },
    },
  };
});
vi.mock("agora-rtc-sdk-ng/esm", () => agora.module);

const ADA = placeholderUser(1, { name: "Ada" });
const TOKEN: AgoraTokenResponse = { agora_token: "007tok", app_id: "0123456789abcdef0123456789abcdef", uid: 1, channel_name: "vocechat:group:5", expired_in: 86400 };

/** A fake camera/microphone stream: tracks with ids, clonable, stoppable. */
function fakeStream(video: boolean) {
  let n = 0;
  const make = (kind: string) => {
    const t = { kind, id: `${kind}-${++n}`, enabled: true, readyState: "live", stop: () => undefined, clone: () => ({ ...t, id: `${t.id}-clone` }) };
    return t;
  };
  const tracks = [make("audio"), ...(video ? [make("video")] : [])];
  return {
    id: "local",
    getTracks: () => tracks,
    getAudioTracks: () => tracks.filter((t) => t.kind === "audio"),
    getVideoTracks: () => tracks.filter((t) => t.kind === "video"),
    addTrack: (t: (typeof tracks)[number]) => tracks.push(t),
    removeTrack: (t: (typeof tracks)[number]) => tracks.splice(tracks.indexOf(t), 1),
  };
}

interface Server {
  calls: { method: string; path: string; body: unknown }[];
  media: CallConfig["media"];
  /** `POST /call/join` answers 409 (the room is full). */
  full?: boolean;
}

function scriptedServer(server: Server) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), window.location.origin), init);
    const path = new URL(req.url).pathname;
    const text = req.method === "GET" ? "" : await req.clone().text();
    server.calls.push({ method: req.method, path, body: text ? JSON.parse(text) : undefined });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    if (path === "/api/call/config") return json({ media: server.media, ice_servers: [], ice_transport_policy: "all", max_participants: 6 } satisfies CallConfig);
    if (path === "/api/call/rooms") return json([]);
    if (path === "/api/call/join" && server.full) return new Response(JSON.stringify({ reason: "full" }), { status: 409, headers: { "content-type": "application/json" } });
    if (path === "/api/call/join") {
      const target = server.calls.at(-1)!.body as { gid?: number; uid?: number };
      const room: CallRoom = { room: target.gid ? `group:${target.gid}` : "dm:1:2", gid: target.gid ?? null, dm: target.gid ? null : [1, 2], started_by: 1, started_at: 1, ringing: null, version: 1, participants: [{ uid: 1, joined_at: 1, audio: true, video: false, screen: false }] };
      return json(room);
    }
    if (path === "/api/group/5/agora_token") return json(TOKEN);
    if (path === "/api/admin/agora/token") return json({ ...TOKEN, channel_name: "vocechat:dm:1:2" });
    if (path === "/api/call/leave" || path === "/api/call/media") return new Response(null, { status: 200 });
    return new Response("Not Found", { status: 404 });
  });
}

describe("the calls' media backend", () => {
  let server: Server;
  let engine: CallEngine;
  beforeEach(() => {
    agora.log.length = 0;
    agora.state.joinFails = false;
    server = { calls: [], media: "builtin" };
    vi.stubGlobal("fetch", scriptedServer(server));
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: { getUserMedia: async (c: { video: unknown }) => fakeStream(!!c.video), enumerateDevices: async () => [] },
    });
    engine = new CallEngine(createTestStore({ authData: { user: ADA, token: "tok-1", expireTime: Date.now() + 300_000 } }));
  });
  afterEach(async () => {
    await engine.leave(); // under the scripted server still
    engine.stop();
    vi.unstubAllGlobals();
  });
  const paths = () => server.calls.map((c) => `${c.method} ${c.path}`);

  it("built-in: the mesh, no Agora token asked for and no Agora client made", async () => {
    await engine.join({ gid: 5 }, false);
    expect(engine.getSnapshot().error).toBeNull();
    expect(engine.getSnapshot().active?.room).toBe("group:5");
    expect(window.__parleyCalls?.media).toBe("builtin");
    expect(paths()).toEqual(["GET /api/call/config", "POST /api/call/join"]);
    expect(agora.log).toEqual([]);
  });

  it("Agora in a channel: the channel's token, its channel joined as the token's uid, the microphone published; mute unpublishes it, leaving leaves", async () => {
    server.media = "agora";
    await engine.join({ gid: 5 }, false);
    expect(engine.getSnapshot().error).toBeNull();
    expect(window.__parleyCalls?.media).toBe("agora");
    expect(paths()).toEqual(["GET /api/call/config", "POST /api/call/join", "GET /api/group/5/agora_token"]);
    expect(agora.log).toEqual([
      ["createClient", { mode: "rtc", codec: "vp8" }],
      ["join", TOKEN.app_id, "vocechat:group:5", "007tok", 1],
      ["publish", "audio", "audio-1-clone"],
    ]);
    agora.log.length = 0;
    await engine.toggleMute();
    await vi.waitFor(() => expect(agora.log).toEqual([["unpublish", "audio", "audio-1-clone"], ["close", "audio", "audio-1-clone"]]));
    expect(server.calls.at(-1)).toEqual({ method: "POST", path: "/api/call/media", body: { room: "group:5", audio: false, video: false, screen: false } });
    agora.log.length = 0;
    await engine.leave();
    expect(agora.log).toEqual([["leave"]]);
    expect(window.__parleyCalls?.media).toBeNull();
  });

  it("Agora in a DM: the DM's token (POST with the peer's uid)", async () => {
    server.media = "agora";
    await engine.join({ uid: 2 }, false);
    expect(server.calls.find((c) => c.path === "/api/admin/agora/token")).toEqual({ method: "POST", path: "/api/admin/agora/token", body: { uid: 2 } });
    expect(agora.log[1]).toEqual(["join", TOKEN.app_id, "vocechat:dm:1:2", "007tok", 1]);
  });

  it("a full room (409): the Agora client made for the call is let go, no token asked for, nothing joined", async () => {
    server.media = "agora";
    server.full = true;
    await engine.join({ gid: 5 }, false);
    expect(engine.getSnapshot().error).toBe("full");
    expect(engine.getSnapshot().active).toBeNull();
    expect(paths()).toEqual(["GET /api/call/config", "POST /api/call/join"]);
    expect(agora.log).toEqual([["createClient", { mode: "rtc", codec: "vp8" }], ["leave"]]);
  });

  it("an Agora channel that cannot be joined leaves the room again and says why", async () => {
    server.media = "agora";
    agora.state.joinFails = true;
    await engine.join({ gid: 5 }, false);
    expect(engine.getSnapshot().active).toBeNull();
    expect(engine.getSnapshot().error).toBe("media_service");
    expect(paths().at(-1)).toBe("POST /api/call/leave");
    expect(agora.log.at(-1)).toEqual(["leave"]);
  });
});
