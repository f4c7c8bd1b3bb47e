/**
 * Copy an image to the clipboard (only PNG and JPEG, docs/ARCHITECTURE.md "Client rules"; JPEG is
 * converted to PNG first, because the async clipboard only takes `image/png`). Errors are
 * VoceChat's texts, toasted here; success shows "Copied!". Resolves whether the image was copied.
 */
import i18n from "../../../i18n";
import { errorText } from "../../../app/services/errors";
import { toast } from "../../../utils/toast";

class CopyError extends Error {
  constructor(readonly key: "imageCopyType" | "imageCopyBlob") {
    super(key);
  }
}

/** Draw a JPEG (or any decodable image) onto a canvas and read it back as PNG. */
async function toPng(blob: Blob): Promise<Blob> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new CopyError("imageCopyBlob");
    ctx.drawImage(img, 0, 0);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    if (!png) throw new CopyError("imageCopyBlob");
    return png;
  } catch (e) {
    throw e instanceof CopyError ? e : new CopyError("imageCopyBlob");
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The image's type: the blob's, else the response's header (without parameters). */
const typeOf = (blob: Blob, res: Response) => (blob.type || res.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();

export async function copyImage(url: string): Promise<boolean> {
  try {
    if (typeof ClipboardItem === "undefined" || !navigator.clipboard?.write) throw new CopyError("imageCopyType");
    let res: Response;
    let blob: Blob;
    try {
      res = await fetch(url);
      if (!res.ok) throw new Error(String(res.status));
      blob = await res.blob();
    } catch {
      throw new CopyError("imageCopyBlob");
    }
    const type = typeOf(blob, res);
    let png: Blob;
    if (type === "image/png") png = blob.type === "image/png" ? blob : new Blob([blob], { type: "image/png" });
    else if (type === "image/jpeg" || type === "image/jpg") png = await toPng(blob);
    else throw new CopyError("imageCopyType");
    await navigator.clipboard.write([new ClipboardItem({ "image/png": png })]);
    toast.success(i18n.t("common:tip.copied"));
    return true;
  } catch (e) {
    // A refused clipboard write (no permission, page not focused) is a type the browser would not take.
    toast.error(errorText(e instanceof CopyError ? e.key : "imageCopyType"));
    return false;
  }
}

export default copyImage;
