/** The organization logo as the Overview page uploads it: a centred square PNG. */
import { SERVER_ICON_MAX_BYTES } from "@parley/protocol";

/** The server keeps a 240×240 logo; twice that is plenty to send, and a smaller picture is not enlarged. */
const LOGO_MAX_SIDE = 480;

export type LogoProblem = "type" | "size";

/** Why a chosen file cannot be the logo (not an image, over the server's 5 MB), if it cannot. */
export function logoProblem(file: File): LogoProblem | null {
  if (!file.type.startsWith("image/")) return "type";
  if (file.size > SERVER_ICON_MAX_BYTES) return "size";
  return null;
}

/**
 * The middle square of an image, drawn to a canvas and encoded as PNG. A picture under the
 * server's 128 px minimum stays that small, so the server's refusal says why.
 */
export async function cropLogo(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const size = Math.min(side, LOGO_MAX_SIDE);
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, size, size);
  bitmap.close?.();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encode"))), "image/png"));
}
