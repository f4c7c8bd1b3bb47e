import { useEffect } from "react";
import { HISTORY_PAGE_SIZE } from "@parley/protocol";
import { useAppDispatch, useAppSelector, useAppStore } from "../../../app/hooks";
import { selectReadMarker } from "../../../app/selectors";
import { messageApi } from "../../../app/services/message";
import { convKey, receiveMessages, setHistoryEnd, type ConvKind } from "../../../app/slices/messages";
import { getLocalJSON, setLocal } from "../../../utils/storage";
import { dmPeers } from "./model";

const peersKey = (uid: number) => `VOCECHAT_DM_PEERS_${uid}`;
/** Conversations already looked at in this page's life (a reconnect replays what it missed). */
const done = new Set<string>();
const PARALLEL = 3;

/**
 * The stream replays only what arrived after the persisted `after_mid`, and messages are not kept
 * across reloads, so after a reload the sidebar would not know a conversation's last message nor
 * its unread messages. Once the stream is ready, each conversation whose unread range is not
 * loaded gets one history page: the newest page when nothing is loaded, else the page before the
 * oldest loaded message when the read marker is older than it. The DM peers are remembered here
 * (per user) so their conversations are found again.
 */
export default function useConversationBootstrap() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const ready = useAppSelector((s) => s.ui.ready);
  const me = useAppSelector((s) => s.authData.user?.uid);
  const usersLoaded = useAppSelector((s) => s.users.ids.length > 0);
  const peers = useAppSelector((s) => dmPeers(s).sort((a, b) => a - b).join(","));

  useEffect(() => {
    if (!me || !peers) return;
    const known = new Set(getLocalJSON<number[]>(peersKey(me)) ?? []);
    const before = known.size;
    for (const uid of peers.split(",")) known.add(Number(uid));
    if (known.size !== before) setLocal(peersKey(me), JSON.stringify([...known]));
  }, [me, peers]);

  useEffect(() => {
    if (!ready || !me || !usersLoaded) return;
    const state = store.getState();
    if (state.authData.guest) return;
    const stored = (getLocalJSON<number[]>(peersKey(me)) ?? []).filter((uid) => uid !== me && state.users.byId[uid]);
    const targets: { kind: ConvKind; id: number }[] = [
      ...state.channels.ids.map((id) => ({ kind: "channel" as const, id })),
      ...[...new Set([...dmPeers(state), ...stored])].map((id) => ({ kind: "dm" as const, id })),
    ];
    const doneKey = (t: { kind: ConvKind; id: number }) => `${me}:${convKey(t.kind, t.id)}`;
    const todo = targets.filter((t) => !done.has(doneKey(t)));
    for (const t of todo) done.add(doneKey(t));

    const loadOne = async ({ kind, id }: { kind: ConvKind; id: number }) => {
      const s = store.getState();
      const ids = s.messages[kind][id] ?? [];
      const oldest = ids.find((mid) => {
        const m = s.messages.byId[mid];
        return m && !m.sending && m.local_id !== mid;
      });
      let before: number | undefined;
      if (oldest !== undefined) {
        if (s.messages.historyEnd[convKey(kind, id)] || oldest <= selectReadMarker(s, kind, id)) return;
        before = oldest;
      }
      const res = await dispatch(
        messageApi.endpoints.getHistory.initiate({ kind, id, before, limit: HISTORY_PAGE_SIZE }, { subscribe: false, forceRefetch: true }),
      );
      if (res.error || !Array.isArray(res.data)) return;
      dispatch(receiveMessages({ me, messages: res.data }));
      if (res.data.length < HISTORY_PAGE_SIZE) dispatch(setHistoryEnd({ kind, id }));
    };
    let cancelled = false;
    const queue = [...todo];
    const worker = async () => {
      while (!cancelled && queue.length) await loadOne(queue.shift()!);
    };
    for (let i = 0; i < PARALLEL; i++) void worker();
    return () => {
      cancelled = true;
      // What was not reached yet is tried at the next ready.
      for (const t of queue) done.delete(doneKey(t));
    };
  }, [ready, me, usersLoaded, store, dispatch]);
}
