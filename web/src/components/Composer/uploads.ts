/**
 * The upload list of each conversation, with VoceChat's operations: add, replace at index,
 * reset, remove at index (releases the preview URL), update name at index. It lives outside React and Redux: it holds File objects and object URLs, and an
 * upload carries on when the user switches to another conversation.
 */
import { useSyncExternalStore } from "react";
import type { UploadFileResponse } from "@parley/protocol";
import { onLocalDataReset } from "../../app/session";

export type UploadStatus =
  /** Added, waiting for the user to press Send. */
  | "draft"
  /** Sent by the user, waiting for its turn (files go one after the other, in order). */
  | "waiting"
  | "uploading"
  /** Uploaded; the file message is being posted. */
  | "sending"
  | "error";

export interface UploadItem {
  id: string;
  file: File;
  /** The name to send (renamed inline). */
  name: string;
  /** An object URL for image previews; released when the item goes. */
  previewUrl: string | null;
  status: UploadStatus;
  /** Bytes uploaded. */
  loaded: number;
  error?: string;
  /** The error is worth another try (network, 5xx): the card offers Retry. Not for 413 or a refused file. */
  retryable?: boolean;
  /** The finished upload: a retry after a failed send posts the message again without uploading twice. */
  uploaded?: UploadFileResponse;
  /** The message the file answers: set when the user sent it in reply mode, kept for a retry. */
  replyTo?: number;
  /** Aborts the upload in flight. */
  abort?: AbortController;
}

type Lists = Record<string, UploadItem[]>;
let lists: Lists = {};
const listeners = new Set<() => void>();
const EMPTY: UploadItem[] = [];
let seq = 0;

function commit(next: Lists) {
  lists = next;
  for (const l of listeners) l();
}

function setList(ctx: string, items: UploadItem[]) {
  const next = { ...lists };
  if (items.length) next[ctx] = items;
  else delete next[ctx];
  commit(next);
}

const release = (item: UploadItem) => {
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
  item.abort?.abort();
};

/** Images the browser can show as a thumbnail. */
export const isPreviewable = (file: File) => /^image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)$/i.test(file.type);

export function getUploads(ctx: string): UploadItem[] {
  return lists[ctx] ?? EMPTY;
}

export function subscribeUploads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUploads(ctx: string): UploadItem[] {
  return useSyncExternalStore(
    subscribeUploads,
    () => getUploads(ctx),
    () => EMPTY,
  );
}

export function makeItem(file: File): UploadItem {
  return {
    id: `u${++seq}`,
    file,
    name: file.name || "file",
    previewUrl: isPreviewable(file) ? URL.createObjectURL(file) : null,
    status: "draft",
    loaded: 0,
  };
}

export const uploads = {
  add(ctx: string, files: File[]) {
    if (!files.length) return;
    setList(ctx, [...getUploads(ctx), ...files.map(makeItem)]);
  },
  replaceAt(ctx: string, index: number, file: File) {
    const list = getUploads(ctx);
    if (!list[index]) return;
    release(list[index]);
    setList(ctx, list.map((item, i) => (i === index ? makeItem(file) : item)));
  },
  reset(ctx: string) {
    for (const item of getUploads(ctx)) release(item);
    setList(ctx, []);
  },
  removeAt(ctx: string, index: number) {
    const list = getUploads(ctx);
    if (!list[index]) return;
    release(list[index]);
    setList(ctx, list.filter((_, i) => i !== index));
  },
  updateNameAt(ctx: string, index: number, name: string) {
    const list = getUploads(ctx);
    const trimmed = name.trim();
    if (!list[index] || !trimmed) return;
    setList(ctx, list.map((item, i) => (i === index ? { ...item, name: trimmed } : item)));
  },
  /** Progress and status changes of one item, found by id (its index moves as others go). */
  patch(ctx: string, id: string, patch: Partial<UploadItem>) {
    const list = getUploads(ctx);
    if (!list.some((item) => item.id === id)) return;
    setList(ctx, list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  },
  /** The item's message is sent: it leaves the list. */
  done(ctx: string, id: string) {
    const list = getUploads(ctx);
    const item = list.find((x) => x.id === id);
    if (!item) return;
    if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
    setList(ctx, list.filter((x) => x.id !== id));
  },
  indexOf(ctx: string, id: string): number {
    return getUploads(ctx).findIndex((item) => item.id === id);
  },
  /** Every list, e.g. at logout. */
  resetAll() {
    for (const ctx of Object.keys(lists)) uploads.reset(ctx);
  },
};

// A new session starts with no files queued.
onLocalDataReset(() => uploads.resetAll());
