/**
 * The middle square of an image, drawn to a canvas at `size` pixels and encoded as PNG: what the
 * avatar, channel picture and server logo uploads send. `shrinkOnly`: a picture smaller than
 * `size` keeps its own size instead of being enlarged.
 */
export async function toSquarePng(file: Blob, size: number, { shrinkOnly = false } = {}): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const out = shrinkOnly ? Math.min(side, size) : size;
  const canvas = document.createElement("canvas");
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, out, out);
  bitmap.close?.();
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encode"))), "image/png"));
}
