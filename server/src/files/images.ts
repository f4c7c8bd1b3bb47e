import type { Metadata, Sharp, SharpOptions } from "sharp";

// libvips is loaded on the first image operation: it is the largest native library the server
// uses (~25 MB resident), and many servers run for days without an image upload.
let sharpModule: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | null = null;
const sharp = () => (sharpModule ??= import("sharp").then((m) => m.default));

/** Thumbnails fit in 480×480 (docs/API.md "Files"); clients display them at 200–320 px. */
export const THUMBNAIL_MAX = 480;
/** Images larger than this are stored without being decoded: no dimensions, no thumbnail. */
export const IMAGE_DECODE_MAX_BYTES = 32 * 1024 * 1024;
/** Decoding refuses images above this many pixels (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000;
export const AVATAR_SIZE = 256;
export const LOGO_SIZE = 240;
/** The organization logo must be at least this wide and high (docs/API.md "Files"). */
export const LOGO_MIN_SIDE = 128;

/**
 * Image types that are stored as they are, never decoded: the raw camera format VoceChat's
 * client never thumbnails (Canon CR2, `image/x-canon-cr2`), the other raw camera formats, and
 * HEIC/HEIF, which the image library cannot decode. They get no thumbnail and no dimensions, and
 * an upload of one is not refused as an undecodable image.
 */
const NOT_DECODED: ReadonlySet<string> = new Set([
  "image/x-canon-cr2",
  "image/x-canon-cr3",
  "image/x-canon-crw",
  "image/x-nikon-nef",
  "image/x-nikon-nrw",
  "image/x-sony-arw",
  "image/x-sony-sr2",
  "image/x-adobe-dng",
  "image/x-fuji-raf",
  "image/x-olympus-orf",
  "image/x-panasonic-rw2",
  "image/x-pentax-pef",
  "image/x-samsung-srw",
  "image/x-raw",
  "image/heic",
  "image/heif",
  "image/heic-sequence",
  "image/heif-sequence",
]);

/** Whether an upload of this type and size is decoded for its dimensions and thumbnail. */
export function isDecodableImage(contentType: string, size: number): boolean {
  const type = contentType.toLowerCase();
  return type.startsWith("image/") && !NOT_DECODED.has(type) && size <= IMAGE_DECODE_MAX_BYTES;
}

export interface ImageInfo {
  /** As displayed, after the EXIF orientation. */
  width: number;
  height: number;
  thumbnail: { data: Buffer; contentType: "image/png" | "image/jpeg" };
}

const open = async (input: Buffer) => (await sharp())(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });

/**
 * Reads an image's dimensions and makes its thumbnail: at most 480×480, PNG when the image has
 * an alpha channel, JPEG otherwise. Throws when the bytes are not a decodable image.
 */
export async function probeImage(input: Buffer): Promise<ImageInfo> {
  const meta = await (await open(input)).metadata();
  if (!meta.width || !meta.height) throw new Error("no image dimensions");
  const resized = (await open(input)).rotate().resize(THUMBNAIL_MAX, THUMBNAIL_MAX, { fit: "inside", withoutEnlargement: true });
  const thumbnail = meta.hasAlpha
    ? { data: await resized.png().toBuffer(), contentType: "image/png" as const }
    : { data: await resized.flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer(), contentType: "image/jpeg" as const };
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { width: oriented.width, height: oriented.height, thumbnail };
}

/**
 * An avatar or logo: any decodable image, cropped to a centred square of `side` pixels, as
 * PNG. `minSide` refuses smaller pictures (the logo's 128×128). Throws `ImageRejected`.
 */
export async function squarePng(input: Buffer, side: number, minSide = 1): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await (await open(input)).metadata();
  } catch {
    throw new ImageRejected("the body is not a decodable image");
  }
  const { width = 0, height = 0 } = meta.autoOrient ?? meta;
  if (!width || !height) throw new ImageRejected("the body is not a decodable image");
  if (width < minSide || height < minSide) throw new ImageRejected(`the image must be at least ${minSide}x${minSide}`);
  try {
    return await (await open(input)).rotate().resize(side, side, { fit: "cover", position: "centre" }).png().toBuffer();
  } catch {
    throw new ImageRejected("the body is not a decodable image");
  }
}

export class ImageRejected extends Error {}

let defaultLogo: Promise<Buffer> | null = null;

/** The built-in organization logo: a speech bubble on a green rounded square, 240×240 PNG. */
export function defaultLogoPng(): Promise<Buffer> {
  defaultLogo ??= sharp().then((make) =>
    make(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 240 240">` +
          `<rect width="240" height="240" rx="48" fill="#22c55e"/>` +
          `<path d="M60 70h120a16 16 0 0 1 16 16v60a16 16 0 0 1-16 16h-64l-36 28v-28h-20a16 16 0 0 1-16-16v-60a16 16 0 0 1 16-16z" fill="#ffffff"/>` +
          `<circle cx="90" cy="116" r="10" fill="#22c55e"/><circle cx="120" cy="116" r="10" fill="#22c55e"/><circle cx="150" cy="116" r="10" fill="#22c55e"/>` +
          `</svg>`,
      ),
    )
      .png()
      .toBuffer(),
  );
  return defaultLogo;
}
