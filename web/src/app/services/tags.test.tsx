/**
 * The one API's tags: a mutation makes exactly the cached reads it changes stale, in another
 * domain's file too (channel edits → `GET /group/{gid}`, message deletions → the files list).
 */
import { act, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHookWithStore } from "../../test/renderWithStore";
import { toast } from "../../utils/toast";
import { useGetChannelQuery } from "./channel";
import { conversationChannelApi } from "./conversation";
import { useGetFilesQuery } from "./files";
import { messageApi } from "./message";
import { pinApi } from "./pin";

const signedIn = { authData: { token: "tok-1", refreshToken: "refresh-1", expireTime: Date.now() + 3_600_000 } };

/** `METHOD /path` → how many times the server was asked. */
let asked: Record<string, number>;
let version: number;
beforeEach(() => {
  asked = {};
  version = 1;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (req: Request) => {
      const route = `${req.method} ${new URL(req.url).pathname}`;
      asked[route] = (asked[route] ?? 0) + 1;
      const body = req.method === "GET" && route.startsWith("GET /api/group/") ? { gid: Number(route.split("/").pop()), name: `v${version}` } : req.method === "GET" ? [] : null;
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe("RTK Query tags", () => {
  it("a change to a channel refetches its cached GET /group/{gid}, and only that channel's", async () => {
    const { result, store } = renderHookWithStore(() => useGetChannelQuery(5), { preloadedState: signedIn });
    await waitFor(() => expect(result.current.data?.name).toBe("v1"));

    version = 2;
    await act(() => store.dispatch(conversationChannelApi.endpoints.updateChannelInfo.initiate({ gid: 6, name: "other" })));
    await act(() => store.dispatch(pinApi.endpoints.pinMessage.initiate({ gid: 6, mid: 1 })));
    expect(asked["GET /api/group/5"]).toBe(1);

    await act(() => store.dispatch(conversationChannelApi.endpoints.updateChannelInfo.initiate({ gid: 5, name: "renamed" })));
    await waitFor(() => expect(result.current.data?.name).toBe("v2"));
    expect(asked["GET /api/group/5"]).toBe(2);

    version = 3;
    await act(() => store.dispatch(pinApi.endpoints.unpinMessage.initiate({ gid: 5, mid: 1 })));
    await waitFor(() => expect(result.current.data?.name).toBe("v3"));
  });

  it("deleting messages refetches the files list", async () => {
    const { result, store } = renderHookWithStore(() => useGetFilesQuery(), { preloadedState: signedIn });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(asked["GET /api/admin/system/files"]).toBe(1);

    await act(() => store.dispatch(messageApi.endpoints.deleteMessage.initiate({ mid: 3, kind: "channel", id: 1 })));
    await waitFor(() => expect(asked["GET /api/admin/system/files"]).toBe(2));
    await act(() => store.dispatch(messageApi.endpoints.deleteMessages.initiate([4, 5])));
    await waitFor(() => expect(asked["GET /api/admin/system/files"]).toBe(3));
  });
});
