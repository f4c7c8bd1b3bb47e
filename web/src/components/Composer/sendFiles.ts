/**
 * Sending the queued files of a conversation, one after the other: chunked upload with progress,
 * then a `vocechat/file` message with the properties the VoceChat web client sends
 * ({content_type, name, size, local_id, width and height for images}; contract §6.3). A failed
 * file keeps its place with the reason ('File size too large' on 413) and the others go on.
 */
import { store } from "../../app/store";
import { channelApi } from "../../app/services/channel";
import { nextLocalId, type SendArgs } from "../../app/services/handlers";
import { UploadError, uploadFile } from "../../app/services/upload";
import { userApi } from "../../app/services/user";
import type { ConvKind } from "../../app/slices/messages";
import { errorText } from "../../app/services/errors";
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

function send(kind: ConvKind, args: SendArgs) {
  const action = kind === "channel" ? channelApi.endpoints.sendChannelMsg.initiate(args) : userApi.endpoints.sendMsg.initiate(args);
  return store.dispatch(action).unwrap();
}

async function sendOne(ctx: string, kind: ConvKind, id: number, item: UploadItem) {
  const abort = new AbortController();
  uploads.patch(ctx, item.id, { status: "uploading", loaded: 0, error: undefined, abort });
  const contentType = item.file.type || "application/octet-stream";
  try {
    const measured = item.previewUrl ? await measureImage(item.previewUrl) : null;
    const result = await uploadFile(item.file, {
      filename: item.name,
      contentType,
      signal: abort.signal,
      onProgress: (loaded) => uploads.patch(ctx, item.id, { loaded }),
    });
    if (abort.signal.aborted) return;
    uploads.patch(ctx, item.id, { status: "sending", loaded: item.file.size, abort: undefined });
    const size = measured ?? result.image_properties;
    await send(kind, {
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
    });
    uploads.done(ctx, item.id);
  } catch (err) {
    if (err instanceof UploadError && err.status === "ABORTED") return;
    // Upload failures carry their text; a failed send was already toasted by the send flow.
    const error = err instanceof UploadError ? err.message : errorText("sendFailed");
    uploads.patch(ctx, item.id, { status: "error", error, abort: undefined });
  }
}

/** Mark the conversation's draft files as sent and work through them in order. */
export function sendQueuedFiles(ctx: string, kind: ConvKind, id: number) {
  for (const item of getUploads(ctx)) if (item.status === "draft") uploads.patch(ctx, item.id, { status: "waiting" });
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
