/**
 * Applies the events of `GET /api/user/events` to the store (VoceChat's useStreaming handlers).
 * Chat events are batched: one store update per burst (at most CHAT_SLICE messages), applied
 * before any later event. Events apply in the order they came, but not all in the task that
 * received them: the browser hands over every event of a network read in one task (the connect
 * sequence and its backlog of 500 at once), and each store update renders what it changed before
 * the next one. So a task applies events while it is within TASK_BUDGET_MS and leaves the rest,
 * and what follows a large chat update, to the tasks after it (docs/PERFORMANCE.md "Client long
 * tasks").
 */
import type { ChatMessage, ServerEvent } from "@parley/protocol";
import { toast } from "../../utils/toast";
import { errorText } from "../services/errors";
import { renewToken } from "../services/renew";
import { userApi } from "../services/user";
import { clearSession } from "../session";
import { updateLoginUser, updateRoleChanged, type AuthState } from "../slices/auth.data";
import {
  addChannel,
  addMembers,
  fillChannels,
  removeChannel,
  removeMembers,
  setAnnouncement,
  updateChannel,
  updatePinnedMessage,
  type ChannelsState,
} from "../slices/channels";
import {
  addHistoryGap,
  applySettingsChanged,
  setRemark,
  setUserSettings,
  updateAfterMid,
  updateUsersVersion,
} from "../slices/footprint";
import { clearConversation, receiveMessages, resetMessages } from "../slices/messages";
import { typingStarted } from "../slices/typing";
import { updateCommon, updateInfo } from "../slices/server";
import { forgetRememberedChat, setCalling, setReady, type UIState } from "../slices/ui";
import { applyUserLogs, setUsersOnline } from "../slices/users";
import type { AppDispatch } from "../store";
import { nextTask } from "../../utils/nextTask";
import { callEvents } from "../../calls/events";

type StateLike = { authData: AuthState; channels: ChannelsState; ui: UIState };

/** The highest normal/reply mid of a batch (reactions do not advance the cursor). */
export function maxChatMid(messages: ChatMessage[]): number {
  let max = 0;
  for (const m of messages) if (m.detail.type !== "reaction" && m.mid > max) max = m.mid;
  return max;
}

/** An event's fields without its `type`: what the store's action for it takes. */
function fieldsOf<E extends { type: string }>({ type: _type, ...fields }: E): Omit<E, "type"> {
  return fields;
}

export interface EventHandler {
  handle(event: ServerEvent): void;
  flush(): void;
  /** Called when the stream must stop for good (kick). */
  onStop?: () => void;
}

/** How long one task goes on applying received events (their store updates and renders). */
const TASK_BUDGET_MS = 16;
/** The most chat messages one store update takes; a larger burst goes on in the next task. */
export const CHAT_SLICE = 250;
/** A chat update this large renders in a task of its own: what follows it waits for the next. */
const LARGE_BATCH = 100;

export function createEventHandler(dispatch: AppDispatch, getState: () => unknown, onStop: () => void): EventHandler {
  /** Received and not applied yet, in order. */
  let inbox: ServerEvent[] = [];
  /** Chat events wait this long for more of their burst (a timer), unless another event comes. */
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** A later task goes on with the inbox. */
  let later = false;
  /** A kick or the account's deletion ended the stream: what follows is not applied. */
  let stopped = false;
  let taskStart = 0;
  const state = () => getState() as StateLike;
  const me = () => state().authData.user?.uid ?? 0;

  const withinBudget = () => {
    const now = performance.now();
    if (!taskStart) {
      taskStart = now;
      void nextTask().then(() => (taskStart = 0));
    }
    return now - taskStart < TASK_BUDGET_MS;
  };

  /**
   * Applies the inbox's first part: its leading chat events (up to CHAT_SLICE, one update) or one
   * other event. Returns how many chat messages it applied.
   */
  const applyFirst = (): number => {
    const first = inbox[0];
    if (first.type !== "chat") {
      inbox.shift();
      apply(first);
      return 0;
    }
    let n = 1;
    while (n < inbox.length && n < CHAT_SLICE && inbox[n].type === "chat") n++;
    const batch: ChatMessage[] = [];
    for (const event of inbox.splice(0, n)) {
      if (event.type === "chat") batch.push(fieldsOf(event));
    }
    dispatch(receiveMessages({ me: me(), messages: batch }));
    const max = maxChatMid(batch);
    if (max) dispatch(updateAfterMid(max));
    return batch.length;
  };

  const goOnLater = () => {
    if (later) return;
    later = true;
    void nextTask().then(() => {
      later = false;
      run();
    });
  };

  /** Applies the inbox in order while this task is within its budget; a later task goes on. */
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (inbox.length && !stopped) {
      if (later) return;
      if (!withinBudget()) return goOnLater();
      // A large chat update (the backlog) renders before anything else goes.
      if (applyFirst() >= LARGE_BATCH && inbox.length) return goOnLater();
    }
  };

  /** Everything received, now (the stream is closing). */
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    while (inbox.length && !stopped) applyFirst();
  };

  const stop = () => {
    stopped = true;
    inbox = [];
    onStop();
  };

  // Removal clears the channel's messages and, if it was the remembered chat, the
  // remembered path. A conversation open on it stays where it is and says the channel is gone.
  const leaveChannel = (gid: number) => {
    dispatch(removeChannel(gid));
    dispatch(clearConversation({ kind: "channel", id: gid }));
    dispatch(forgetRememberedChat(`/chat/channel/${gid}`));
  };

  const handle = (event: ServerEvent) => {
    if (stopped) return;
    inbox.push(event);
    if (later) return;
    if (event.type === "chat") {
      if (!timer) timer = setTimeout(run, 30);
      return;
    }
    run();
  };

  const apply = (event: ServerEvent) => {
    switch (event.type) {
      case "ready":
        dispatch(setReady(true));
        callEvents.emit({ type: "resync" });
        break;
      case "call_room":
      case "call_signal":
      case "call_ring":
        callEvents.emit(event);
        break;
      case "heartbeat":
        break;
      case "users_snapshot":
        dispatch(updateUsersVersion(event.version));
        // The list itself comes from GET /api/user (as VoceChat does); a list fetched in the last
        // few seconds (the layout's own) is fresh enough.
        dispatch(userApi.endpoints.getUsers.initiate(undefined, { forceRefetch: 5, subscribe: false }));
        break;
      case "users_log": {
        const { user } = state().authData;
        dispatch(applyUserLogs(event.logs));
        let version = 0;
        for (const log of event.logs) {
          version = Math.max(version, log.log_id);
          if (user && log.uid === user.uid && log.action === "update") {
            const roleChanged = log.is_admin !== null && log.is_admin !== user.is_admin;
            if (roleChanged && state().ui.ready) dispatch(updateRoleChanged(true));
            // The new role shows at once (the settings' admin pages), and a renewal brings the
            // access token that carries it, so those pages' calls are not refused meanwhile.
            if (roleChanged) void renewToken(dispatch, getState);
            const patch: Record<string, unknown> = {};
            if (log.is_admin !== null) patch.is_admin = log.is_admin;
            if (log.name !== null) patch.name = log.name;
            if (log.email !== null) patch.email = log.email;
            if (log.language !== null) patch.language = log.language;
            if (log.avatar_updated_at !== null) patch.avatar_updated_at = log.avatar_updated_at;
            if (Object.keys(patch).length) dispatch(updateLoginUser(patch));
          }
          if (user && log.uid === user.uid && log.action === "delete") {
            toast.error(errorText("accountDeleted"));
            stop();
            clearSession(dispatch);
            return;
          }
        }
        if (version) dispatch(updateUsersVersion(version));
        break;
      }
      case "users_state":
        dispatch(setUsersOnline(event.users));
        break;
      case "users_state_changed":
        dispatch(setUsersOnline([{ uid: event.uid, online: event.online }]));
        break;
      case "user_settings":
        dispatch(setUserSettings(event));
        break;
      case "user_settings_changed":
        dispatch(applySettingsChanged(fieldsOf(event)));
        break;
      case "user_remark":
        dispatch(setRemark({ uid: event.contact_uid, remark: event.remark }));
        break;
      case "user_calling":
        if (event.uid !== me()) dispatch(setCalling({ from: event.uid, to: event.target }));
        break;
      case "related_groups":
        dispatch(fillChannels(event.groups));
        break;
      case "joined_group":
        dispatch(addChannel(event.group));
        break;
      case "group_changed":
        dispatch(updateChannel(fieldsOf(event)));
        break;
      case "user_joined_group":
        dispatch(addMembers({ gid: event.gid, uids: event.uid }));
        break;
      case "user_leaved_group":
        if (event.uid.includes(me())) leaveChannel(event.gid);
        else dispatch(removeMembers({ gid: event.gid, uids: event.uid }));
        break;
      case "kick_from_group":
        leaveChannel(event.gid);
        break;
      case "pinned_message_updated":
        dispatch(updatePinnedMessage({ gid: event.gid, mid: event.mid, msg: event.msg }));
        break;
      case "group_announcement_changed":
        dispatch(setAnnouncement({ gid: event.gid, announcement: event.announcement }));
        break;
      case "group_message_cleared":
        dispatch(clearConversation({ kind: "channel", id: event.gid }));
        break;
      case "message_cleared":
        dispatch(resetMessages());
        if (event.latest_deleted_mid) dispatch(updateAfterMid(event.latest_deleted_mid));
        break;
      case "server_config_changed": {
        const name = event.organization_name;
        const description = event.organization_description;
        const logo = event.organization_logo;
        dispatch(
          updateInfo({
            ...(typeof name === "string" ? { name } : {}),
            ...(typeof description === "string" ? { description } : {}),
            ...(typeof logo === "string" ? { logo } : {}),
          }),
        );
        // The system settings that came with it (null = unchanged).
        const { type: _type, organization_name: _n, organization_description: _d, organization_logo: _l, ...rest } = event;
        const common = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
        if (Object.keys(common).length) dispatch(updateCommon(common));
        break;
      }
      case "typing":
        dispatch(typingStarted({ me: me(), uid: event.uid, target: event.target, at: Date.now() }));
        break;
      case "history_gap":
        dispatch(addHistoryGap({ afterMid: event.after_mid, firstMid: event.first_mid }));
        break;
      case "kick": {
        stop();
        // A newer tab of this browser took over (useTabGuard) and opened its stream before this
        // one's had closed: the server kicked this one as the same device's older stream. The
        // session is the newer tab's too, so it stays; this tab shows its inactive screen.
        if (event.reason === "login_from_other_device" && state().ui.inactive) break;
        if (event.reason === "login_from_other_device") toast.error(errorText("kickedOtherDevice"));
        else if (event.reason === "delete_user") toast.error(errorText("accountDeleted"));
        clearSession(dispatch);
        break;
      }
      default:
        break;
    }
  };

  return { handle, flush };
}
