/**
 * Chunked file upload (docs/API.md "Files"): `POST /resource/file/prepare` {content_type, filename}
 * → file id, then the chunks in order through `POST /resource/file/upload` (multipart `file_id`
 * first, `chunk_data`, `chunk_is_last`). Chunks go through XMLHttpRequest, whose upload progress
 * events fetch does not offer. Authentication, renewal and the session-ending statuses follow the
 * base query; every other failure is reported to the caller (the composer shows it on the file).
 */
import { UPLOAD_CHUNK_SIZE, type PrepareUploadRequest, type UploadFileResponse } from "@parley/protocol";
import { API_BASE } from "../config";
import { store } from "../store";
import { tokenNeedsRenewal } from "../../utils/token";
import { errorText, handleApiError, serverText, STATUS_RULES, type ApiStatus } from "./errors";
import { renewToken } from "./renew";

export class UploadError extends Error {
  constructor(
    readonly status: ApiStatus | "ABORTED",
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** What a failed status means for the user (413: 'File size too large'). */
export function uploadErrorText(status: ApiStatus, data?: unknown): string {
  if (status === "FETCH_ERROR") return errorText("failedFetch");
  const rule = STATUS_RULES[String(status)];
  return rule?.toast?.({ endpoint: "uploadFile", data }) ?? serverText(data) ?? errorText("serverError");
}

/** Statuses that end the session are handled like any other call; the rest are the caller's. */
function fail(endpoint: string, status: ApiStatus, data: unknown): never {
  if (status === 401 || status === 451) handleApiError(endpoint, status, data, store.dispatch);
  throw new UploadError(status, uploadErrorText(status, data));
}

async function token(): Promise<string> {
  const { authData } = store.getState();
  if (authData.token && tokenNeedsRenewal(authData.expireTime)) await renewToken(store.dispatch, store.getState);
  return store.getState().authData.token;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export async function prepareUpload(body: PrepareUploadRequest, signal?: AbortSignal): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/resource/file/prepare`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-API-Key": await token() },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    if (signal?.aborted) throw new UploadError("ABORTED", "aborted");
    throw new UploadError("FETCH_ERROR", uploadErrorText("FETCH_ERROR"));
  }
  const data = parse(await res.text());
  if (!res.ok) fail("prepareUpload", res.status, data);
  return data as string;
}

/** One chunk; `onProgress` gets the bytes of this chunk sent so far. */
export async function uploadChunk(
  fileId: string,
  chunk: Blob,
  isLast: boolean,
  onProgress?: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadFileResponse | null> {
  const form = new FormData();
  // file_id first: the server streams the chunk and must know the upload before it (docs/API.md
  // "Files").
  form.append("file_id", fileId);
  form.append("chunk_data", chunk);
  form.append("chunk_is_last", String(isLast));
  const key = await token();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}/resource/file/upload`);
    xhr.setRequestHeader("X-API-Key", key);
    // The multipart envelope adds a few hundred bytes: scale the event's share to the chunk.
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(chunk.size, Math.round((e.loaded / e.total) * chunk.size)));
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as UploadFileResponse | null);
      try {
        fail("uploadFile", xhr.status, data);
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new UploadError("FETCH_ERROR", uploadErrorText("FETCH_ERROR")));
    xhr.onabort = () => reject(new UploadError("ABORTED", "aborted"));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

export interface UploadOptions {
  filename: string;
  contentType: string;
  /** Bytes of the whole file sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  chunkSize?: number;
}

/** Prepare and upload a whole file, chunk after chunk (the server appends in arrival order). */
export async function uploadFile(file: Blob, { filename, contentType, onProgress, signal, chunkSize = UPLOAD_CHUNK_SIZE }: UploadOptions): Promise<UploadFileResponse> {
  const fileId = await prepareUpload({ content_type: contentType, filename }, signal);
  const total = file.size;
  let offset = 0;
  onProgress?.(0, total);
  for (;;) {
    const end = Math.min(offset + chunkSize, total);
    const isLast = end >= total;
    const base = offset;
    const result = await uploadChunk(fileId, file.slice(offset, end), isLast, (sent) => onProgress?.(base + sent, total), signal);
    offset = end;
    onProgress?.(offset, total);
    if (isLast) {
      if (!result) throw new UploadError("PARSING_ERROR", errorText("serverError"));
      return result;
    }
  }
}
