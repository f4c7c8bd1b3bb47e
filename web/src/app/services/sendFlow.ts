/**
 * The send flow (docs/ARCHITECTURE.md "Client rules": sending), shared by channel and DM sends
 * (VoceChat's `handleChatMessage`).
 */
import { ContentType, TEMP_MESSAGE_REMOVE_MS, type MessageProperties } from "@parley/protocol";
import { toast } from "../../utils/toast";
import { errorText, serverText } from "./errors";
import type { AuthState } from "../slices/auth.data";
import { addMessage, removeMessage, removeStoredMessage, replaceTempMessage, type ConvKind } from "../slices/messages";
import { encodeProperties } from "../../utils/base64";
import type { AppDispatch } from "../store";

/**
 * `file`: the content is an upload path, sent as `vocechat/file` with the body `{"path"}`
 * (docs/API.md "Sending").
 */
export type SendType = "text" | "markdown" | "file";

export interface SendArgs {
  /** Channel gid or DM peer uid. */
  id: number;
  content: string;
  type?: SendType;
  properties: MessageProperties & { local_id: number; mentions?: number[] };
  /** The replied message, for a reply (shown on the temporary copy). */
  reply_mid?: number;
}

const contentTypeOf = (type: SendType = "text") => (type === "markdown" ? ContentType.markdown : type === "file" ? ContentType.file : ContentType.text);

/** The fetch args of a send: raw body, its content type and `X-Properties`. */
export function sendRequest(path: string, { content, type, properties }: SendArgs) {
  return {
    url: path,
    method: "POST",
    body: type === "file" ? JSON.stringify({ path: content }) : content,
    headers: {
      "Content-Type": contentTypeOf(type),
      "X-Properties": encodeProperties(properties),
    },
  };
}

let lastLocalId = 0;
/** A temporary local id: the timestamp, bumped to stay unique within a millisecond. */
export function nextLocalId(now = Date.now()): number {
  lastLocalId = Math.max(now, lastLocalId + 1);
  return lastLocalId;
}

interface QueryLifecycle {
  dispatch: AppDispatch;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: number }>;
}

export async function handleChatMessage(kind: ConvKind, args: SendArgs, { dispatch, getState, queryFulfilled }: QueryLifecycle) {
  const { authData } = getState() as { authData: AuthState };
  const from_uid = authData.user?.uid;
  if (from_uid === undefined) return;
  const localId = args.properties.local_id;
  dispatch(
    addMessage({
      kind,
      id: args.id,
      message: {
        mid: localId,
        local_id: localId,
        from_uid,
        created_at: localId,
        content_type: contentTypeOf(args.type),
        content: args.content,
        properties: args.properties,
        reply_mid: args.reply_mid,
        sending: true,
      },
    }),
  );
  try {
    const { data: mid } = await queryFulfilled;
    dispatch(replaceTempMessage({ kind, id: args.id, localId, mid }));
    setTimeout(() => dispatch(removeStoredMessage(localId)), TEMP_MESSAGE_REMOVE_MS);
  } catch (err) {
    dispatch(removeMessage({ kind, id: args.id, mid: localId }));
    // 403 → 'Send failed, blocked maybe'; anything else → 'Send Message Failed' plus the details.
    const error = (err as { error?: { status?: unknown; data?: unknown } })?.error;
    if (error?.status === 403) toast.error(errorText("sendBlocked"));
    else {
      const details = [error?.status, serverText(error?.data)].filter((x) => x !== undefined).join(": ");
      toast.error(`${errorText("sendFailed")}${details ? ` (${details})` : ""}`);
    }
  }
}
