import * as z from "zod";
import { ADMIN_FILE_TYPES, FILE_CREATION_TIME_TYPES } from "@parley/protocol";
import type { RawBody } from "../../http/validate.js";
import { countParam, idParam } from "../shared.js";

/** `true` only for the literal "true" (VoceChat's boolean query parameters). */
const flag = z
  .string()
  .optional()
  .transform((v) => v === "true");

export const prepareBody = z.object({
  content_type: z.string().max(255).nullish(),
  filename: z.string().max(1_024).nullish(),
});

export const fileQuery = z.object({
  file_path: z.string().min(1, "required").max(200),
  thumbnail: flag,
  download: flag,
});

/** `?t=<avatar_updated_at>` names one version of a picture (any value; a string is cached for good). */
const pictureVersion = z.unknown().optional();
export const avatarQuery = z.object({ uid: idParam, t: pictureVersion });
export const groupAvatarQuery = z.object({ gid: idParam, t: pictureVersion });

/** `POST /resource/file/upload`: a multipart chunk, read by the route. */
export const UPLOAD_BODY: RawBody = { contentTypes: ["multipart/form-data"], binary: "multipart" };

/** The largest page of `GET /admin/system/files`. */
export const ADMIN_FILES_MAX_PAGE = 500;

export const adminFilesQuery = z.object({
  uid: idParam.optional(),
  gid: idParam.optional(),
  file_type: z.enum(ADMIN_FILE_TYPES).optional(),
  creation_time_type: z.enum(FILE_CREATION_TIME_TYPES).optional(),
  /** 1-based; 0 is read as the first page too. */
  page: countParam.optional(),
  /**
   * Larger sizes are clamped to the largest page, not refused: the VoceChat client's Files
   * screen asks for `page_size=1000` (docs/API.md "Files").
   */
  page_size: countParam
    .pipe(z.number().int().min(1))
    .transform((n) => Math.min(n, ADMIN_FILES_MAX_PAGE))
    .optional(),
});

export const widgetCssBody = z.object({ data: z.string() });

export const previewQuery = z.object({ url: z.string().min(1, "required").max(4_096) });
