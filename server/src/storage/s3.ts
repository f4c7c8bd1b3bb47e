import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type _Object,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { StorageConfig } from "../config.js";
import { assertKey, StorageUnavailable, type BlobEntry, type BlobRange, type BlobStat, type BlobStore } from "./store.js";

export type S3StorageConfig = Extract<StorageConfig, { kind: "s3" }>;

export interface S3StoreOptions {
  /**
   * Bytes per part of a multipart upload, and the size below which a stream is sent as one
   * PutObject. S3 refuses parts under 5 MiB (but the last); tests use less against s3rver.
   */
  partSize?: number;
  /** Keys per ListObjectsV2 page (S3 answers at most 1,000); tests use a few to force paging. */
  pageSize?: number;
}

const MiB = 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * MiB;
/** S3's limit of parts per multipart upload: 80 GB at the default part size. */
const MAX_PARTS = 10_000;
/** S3's limit of keys per DeleteObjects request. */
const DELETE_BATCH = 1_000;

const errorName = (err: unknown) => (err as { name?: string } | null)?.name;
/** NoSuchKey from GetObject; HeadObject has no body, so its 404 only says NotFound. */
const isMissing = (err: unknown) => errorName(err) === "NoSuchKey" || errorName(err) === "NotFound";

/**
 * The store in an S3-compatible bucket (AWS, MinIO, Cloudflare R2…; docs/STORAGE.md), for the
 * cluster mode: every node reads and writes the same objects. Keys are the `BlobStore` keys
 * under `S3_PREFIX`. A put is one PutObject, or a multipart upload for a stream of more than one
 * part, and S3 makes either visible only once complete, so readers never see a partial object;
 * a failed source aborts the multipart upload and leaves the old object as it was.
 */
export class S3Store implements BlobStore {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;
  private readonly pageSize: number;

  constructor(config: S3StorageConfig, options: S3StoreOptions = {}) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.pageSize = options.pageSize ?? 1_000;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // Without keys the SDK's default chain applies (AWS_* variables, instance or pod roles).
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where the API demands them (DeleteObjects): the SDK's default adds CRC
      // headers and trailers to every upload, which several S3-compatible services refuse.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A download streams to a client as fast as the client reads and holds its socket that
      // long; the SDK's default of 50 sockets would make every other request wait behind them.
      requestHandler: { connectionTimeout: 10_000, httpAgent: { keepAlive: true, maxSockets: 512 }, httpsAgent: { keepAlive: true, maxSockets: 512 } },
    });
  }

  private name(key: string, allowPrefix = false): string {
    assertKey(key, allowPrefix);
    return this.prefix + key;
  }

  /** HeadBucket: the endpoint answers, the bucket exists and the keys may use it. */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      throw new StorageUnavailable(
        `S3 bucket ${JSON.stringify(this.bucket)} cannot be used: ${status ? `HTTP ${status} ` : ""}${e.name ?? ""}${e.message && e.message !== e.name ? ` (${e.message})` : ""}`.trim(),
      );
    }
  }

  async put(key: string, body: Readable | Buffer): Promise<BlobStat> {
    const name = this.name(key);
    if (Buffer.isBuffer(body)) {
      await this.putObject(name, body);
      return { size: body.length, modifiedAt: Date.now() };
    }
    return this.putStream(name, body);
  }

  private async putObject(name: string, body: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: name, Body: body, ContentLength: body.length }));
  }

  /**
   * Reads the source into parts of `partSize`: a source shorter than one part is one PutObject
   * (sent only once the source has ended, so a failing source sends nothing); a longer one is a
   * multipart upload with one part in flight while the next one fills, so a put holds at most
   * about two parts in memory and reading waits for S3 (backpressure reaches the uploader).
   * Parts are buffers, not streams, so the SDK can retry them.
   */
  private async putStream(name: string, source: Readable): Promise<BlobStat> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let upload: MultipartWriter | null = null;
    try {
      for await (const chunk of source) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(buf);
        pendingBytes += buf.length;
        size += buf.length;
        while (pendingBytes >= this.partSize) {
          const all = pending.length === 1 ? pending[0] : Buffer.concat(pending);
          upload ??= await MultipartWriter.start(this.client, this.bucket, name);
          await upload.send(all.subarray(0, this.partSize));
          const rest = all.subarray(this.partSize);
          pending = rest.length > 0 ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      if (upload) await upload.complete(pendingBytes > 0 ? Buffer.concat(pending) : null);
      else await this.putObject(name, Buffer.concat(pending));
    } catch (err) {
      await upload?.abort();
      throw err;
    }
    return { size, modifiedAt: Date.now() };
  }

  async get(key: string, range?: BlobRange): Promise<Readable | null> {
    const name = this.name(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: name, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      // In Node the SDK's body is the HTTP response itself, a Readable.
      return out.Body instanceof Readable ? out.Body : Readable.from([]);
    } catch (err) {
      if (isMissing(err)) return null;
      // A range past the end reads nothing, as a file read from past its end does.
      if (range && errorName(err) === "InvalidRange") return Readable.from([]);
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    const name = this.name(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const name = this.name(key, true);
    if (key !== "" && !key.endsWith("/")) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
      return;
    }
    // Deleting behind the listing is safe: a continuation token names the last key listed.
    let batch: string[] = [];
    for await (const object of this.objects(name)) {
      batch.push(object.Key as string);
      if (batch.length === DELETE_BATCH) {
        await this.deleteBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await this.deleteBatch(batch);
  }

  private async deleteBatch(names: string[]): Promise<void> {
    const out = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: names.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = out.Errors?.[0];
    if (failed) throw new Error(`S3 DeleteObjects failed for ${out.Errors?.length} keys, e.g. ${failed.Key}: ${failed.Code} ${failed.Message}`);
  }

  list(prefix: string): AsyncIterable<BlobEntry> {
    assertKey(prefix, true);
    const base = prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`;
    return this.entries(base);
  }

  private async *entries(base: string): AsyncGenerator<BlobEntry> {
    for await (const object of this.objects(this.prefix + base)) {
      const key = (object.Key as string).slice(this.prefix.length);
      // Objects Parley could not have written (a console's "folder" marker `x/`, say) are not
      // entries: every caller hands listed keys back to get or delete, which would refuse them.
      if (!isValidKey(key)) continue;
      yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified?.getTime() ?? 0 };
    }
  }

  /** Every object whose name starts with `prefix`, page by page, in S3's (byte-wise key) order. */
  private async *objects(prefix: string): AsyncGenerator<_Object> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

function isValidKey(key: string): boolean {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * One multipart upload: parts go up one at a time, each while the caller reads the next. The
 * part in flight never rejects unobserved (its outcome is kept and rethrown at the next step),
 * so a failure surfaces in the put instead of as an unhandled rejection.
 */
class MultipartWriter {
  private readonly parts: CompletedPart[] = [];
  private inFlight: Promise<unknown> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(client: S3Client, bucket: string, key: string): Promise<MultipartWriter> {
    const out = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    if (!out.UploadId) throw new Error("S3 CreateMultipartUpload answered no UploadId");
    return new MultipartWriter(client, bucket, key, out.UploadId);
  }

  private async settle(): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure.error;
  }

  /** Waits for the part in flight, then starts sending `body` as the next one. */
  async send(body: Buffer): Promise<void> {
    await this.settle();
    const PartNumber = this.parts.length + 1;
    if (PartNumber > MAX_PARTS) throw new Error(`S3 multipart upload of ${this.key}: more than ${MAX_PARTS} parts`);
    const part: CompletedPart = { PartNumber };
    this.parts.push(part);
    this.inFlight = this.client
      .send(new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length }))
      .then(
        (out) => {
          part.ETag = out.ETag;
        },
        (error: unknown) => {
          this.failure = { error };
        },
      );
  }

  /** Sends the last part (if any) and completes: only now does the object appear, whole. */
  async complete(last: Buffer | null): Promise<void> {
    if (last) await this.send(last);
    await this.settle();
    await this.client.send(
      new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }),
    );
  }

  /**
   * Drops the parts sent so far, after the one in flight has landed. Best effort: the put's own
   * error is what matters, an incomplete upload is invisible to readers, and a bucket lifecycle
   * rule removes any an abort missed (docs/STORAGE.md; s3rver has no abort at all).
   */
  async abort(): Promise<void> {
    await this.inFlight;
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }))
      .catch(() => undefined);
  }
}
