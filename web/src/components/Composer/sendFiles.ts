/**
 * Sending the queued files of a conversation, one after the other: chunked upload with progress,
 * then a `vocechat/file` message with the properties the VoceChat web client sends
 * ({content_type, name, size, local_id, width and height for images}; docs/API.md "Files") — or,
 * when the user sent them in reply mode, a reply (`POST /message/{mid}/reply`) with the same body.
 * A failed file keeps its place with the reason ('File size too large' on 413) and the others go
 * on; a failure worth another try (network, 5xx) can be retried from the card (`retryFile`).
 */
import { store } from "../../app/store";
import { channelApi } from "../../app/services/channel";
import { nextLocalId, type SendArgs } from "../../app/services/sendFlow";
import { messageApi } from "../../app/services/message";
import { UploadError, uploadFile } from "../../app/services/upload";
import { userApi } from "../../app/services/user";
import type { ConvKind } from "../../app/slices/messages";
import { errorText, type ApiStatus } from "../../app/services/errors";
import { parseContext } from "./context";
import { getUploads, uploads, type UploadItem } from "./uploads";

const running = new Set<string>();

/** An image's size as the browser decodes it; null when it cannot. */
export async function measureImage(url: string): Promise<{ width: number; height: number } | null> {
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth && img.naturalHeight ? { width: img.naturalWidth, height: img.naturalHeight } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a failed upload or send may succeed when tried again: the network, a timeout, a busy or
 * failing server. Not a 413 (the file stays too large), a 400 (the server refused the file) or a
 * 403/404 (not allowed, or the replied message is gone).
 */
export function isRetryable(status: ApiStatus | undefined): boolean {
  if (status === "FETCH_ERROR" || status === "TIMEOUT_ERROR") return true;
  return typeof status === "number" && (status === 408 || status === 429 || status >= 500);
}

function post(kind: ConvKind, args: SendArgs, replyTo: number | undefined) {
  const action =
    replyTo !== undefined
      ? messageApi.endpoints.replyMessage.initiate({ ...args, kind, reply_mid: replyTo })
      : kind === "channel"
        ? channelApi.endpoints.sendChannelMsg.initiate(args)
        : userApi.endpoints.sendMsg.initiate(args);
  return store.dispatch(action).unwrap();
}

async function sendOne(ctx: string, kind: ConvKind, id: number, item: UploadItem) {
  const abort = new AbortController();
  const contentType = item.file.type || "application/octet-stream";
  try {
    const measured = item.previewUrl ? await measureImage(item.previewUrl) : null;
    let result = item.uploaded;
    if (!result) {
      uploads.patch(ctx, item.id, { status: "uploading", loaded: 0, error: undefined, retryable: undefined, abort });
      result = await uploadFile(item.file, {
        filename: item.name,
        contentType,
        signal: abort.signal,
        onProgress: (loaded) => uploads.patch(ctx, item.id, { loaded }),
      });
      if (abort.signal.aborted) return;
    }
    uploads.patch(ctx, item.id, { status: "sending", loaded: item.file.size, abort: undefined, uploaded: result });
    const size = measured ?? result.image_properties;
    await post(
      kind,
      {
        id,
        content: result.path,
        type: "file",
        properties: {
          content_type: contentType,
          name: item.name,
          size: result.size,
          local_id: nextLocalId(),
          ...(size && contentType.startsWith("image/") ? { width: size.width, height: size.height } : {}),
        },
      },
      item.replyTo,
    );
    uploads.done(ctx, item.id);
  } catch (err) {
    if (err instanceof UploadError && err.status === "ABORTED") return;
    // Upload failures carry their text; a failed send was already toasted by the send flow.
    const error = err instanceof UploadError ? err.message : errorText("sendFailed");
    const status = err instanceof UploadError ? err.status : (err as { status?: ApiStatus } | undefined)?.status;
    uploads.patch(ctx, item.id, { status: "error", error, retryable: isRetryable(status as ApiStatus | undefined), abort: undefined });
  }
}

/** Works through the conversation's waiting files in order, unless that is already under way. */
function run(ctx: string, kind: ConvKind, id: number) {
  if (running.has(ctx)) return;
  running.add(ctx);
  void (async () => {
    try {
      for (;;) {
        const next = getUploads(ctx).find((item) => item.status === "waiting");
        if (!next) break;
        await sendOne(ctx, kind, id, next);
      }
    } finally {
      running.delete(ctx);
    }
  })();
}

/**
 * Mark the conversation's draft files as sent and work through them in order. `replyTo`: the
 * message they answer (the composer was in reply mode), kept on each file for a retry.
 */
export function sendQueuedFiles(ctx: string, kind: ConvKind, id: number, replyTo?: number) {
  for (const item of getUploads(ctx)) if (item.status === "draft") uploads.patch(ctx, item.id, { status: "waiting", replyTo });
  run(ctx, kind, id);
}

/** Try a failed file again (Retry on its card): it queues behind any file still going up. */
export function retryFile(ctx: string, itemId: string) {
  const item = getUploads(ctx).find((x) => x.id === itemId);
  if (!item || item.status !== "error" || !item.retryable) return;
  uploads.patch(ctx, itemId, { status: "waiting", error: undefined, retryable: undefined, loaded: item.uploaded ? item.file.size : 0 });
  const { kind, id } = parseContext(ctx);
  run(ctx, kind, id);
}
