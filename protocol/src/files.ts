import type { Gid, Mid, Millis, Uid } from "./common.js";

/** `POST /api/resource/file/prepare` (docs/API.md "Files"). */
export interface PrepareUploadRequest {
  content_type?: string | null;
  filename?: string | null;
}

/** The final chunk's answer of `POST /api/resource/file/upload` (docs/API.md "Files"). */
export interface UploadFileResponse {
  /** `Y/M/D/<uuid>`: the body of a `vocechat/file` message and the `file_path` of downloads. */
  path: string;
  size: number;
  /** sha256, lowercase hex. */
  hash: string;
  image_properties: { width: number; height: number } | null;
}

/** The body of a `vocechat/file` or `vocechat/audio` send. */
export interface FileMessageBody {
  path: string;
}

/** `file_type` and `creation_time_type` of `GET /api/admin/system/files` (docs/API.md "Files"). */
export const ADMIN_FILE_TYPES = ["Doc", "PDF", "Image", "Audio", "Video"] as const;
export type AdminFileType = (typeof ADMIN_FILE_TYPES)[number];
export const FILE_CREATION_TIME_TYPES = ["Day1", "Day7", "Day30", "Day90", "Day180"] as const;
export type FileCreationTimeType = (typeof FILE_CREATION_TIME_TYPES)[number];

/** One row of `GET /api/admin/system/files`: a file message and whether its file still exists. */
export interface AdminFileItem {
  mid: Mid;
  from_uid: Uid;
  gid: Gid | null;
  /** Parley addition: a DM's recipient (null for channel messages), so a client can place the row. */
  target_uid?: Uid | null;
  /** The file name's extension, lowercase without the dot; "" when unknown. */
  ext: string;
  /** The message's content type: `vocechat/file` or `vocechat/audio`. */
  content_type: string;
  /** The file path. */
  content: string;
  /** The message properties as a JSON string. */
  properties: string;
  created_at: Millis;
  expired: boolean;
}

export interface OpenGraphImage {
  url: string;
  secure_url: string | null;
  type: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
}

export interface OpenGraphAudio {
  url: string;
  secure_url: string | null;
  type: string | null;
}

export interface OpenGraphVideo {
  url: string;
  secure_url: string | null;
  type: string | null;
  width: number | null;
  height: number | null;
}

/**
 * `GET /api/resource/open_graphic_parse?url=` (docs/API.md "Files"): the page's Open Graph object,
 * every field present. A failed or disabled preview is `EMPTY_OPEN_GRAPH`.
 */
export interface OpenGraphObject {
  type: string;
  title: string;
  url: string;
  images: OpenGraphImage[];
  audios: OpenGraphAudio[];
  videos: OpenGraphVideo[];
  favicon_url: string | null;
  description: string | null;
  locale: string | null;
  locale_alternate: string[];
  site_name: string | null;
}

export const EMPTY_OPEN_GRAPH: OpenGraphObject = {
  type: "",
  title: "",
  url: "",
  images: [],
  audios: [],
  videos: [],
  favicon_url: null,
  description: null,
  locale: null,
  locale_alternate: [],
  site_name: null,
};

/** `PUT /api/resource/widget-extra.css`. */
export interface WidgetCssRequest {
  data: string;
}

/** The avatar and logo limits: `upload_avatar_limit` (512 KiB) and the server icon's 5 MB (docs/API.md "Files"). */
export const AVATAR_MAX_BYTES = 524_288;
export const SERVER_ICON_MIN_SIDE = 128;
