import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { defaultS3Client } from './client';
import { objectRemoval } from './object-removal';

/** The files of one bucket: what functions write, what browsers upload and download. */
export interface FileStore {
  /** Streaming multipart upload (@aws-sdk/lib-storage); a failure aborts it and leaves no object. */
  upload(key: string, body: Readable | AsyncIterable<Uint8Array | string>, opts: { contentType: string }): Promise<{ size: number }>;
  /** Presigned GET for a download route's 302: expires after min(maxSeconds ?? 300, until - now); attachment file name. */
  downloadUrl(key: string, opts: { fileName: string; until?: string; maxSeconds?: number }): Promise<string>;
  /** Presigned PUT binding Content-Type and Content-Length (≤ maxBytes). */
  uploadUrl(
    key: string,
    opts: { contentType: string; size: number; maxBytes: number; expiresSeconds?: number },
  ): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }>;
  /** After a presigned PUT: size ≤ maxBytes and the first bytes match `accepts`; a refused object is deleted. */
  verifyUpload(
    key: string,
    opts: { maxBytes: number; accepts: (firstBytes: Uint8Array) => boolean },
  ): Promise<{ ok: true; size: number } | { ok: false; reason: 'missing' | 'tooLarge' | 'wrongType' }>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** S3's minimum part size: the most a part buffers. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Parts in flight at once: with the part being filled, an upload holds at most (2 + 1) × 5 MiB. */
export const UPLOAD_QUEUE_SIZE = 2;
/** A download link's longest life; callers may only shorten it. */
export const DOWNLOAD_URL_MAX_SECONDS = 300;
/** An upload link's default life (a large file over a slow line). */
export const UPLOAD_URL_DEFAULT_SECONDS = 900;
/** How much of an uploaded file `accepts` sees: enough for any file signature (magic number). */
export const SNIFF_BYTES = 512;

export class FileStoreError extends Error {
  override name = 'FileStoreError';
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form (filename*). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

async function* bytesOf(body: Readable | AsyncIterable<Uint8Array | string>, counted: { size: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    counted.size += bytes.byteLength;
    yield bytes;
  }
}

/** The FileStore of `bucket` (one per bucket), on the process's S3 client unless given one. */
export function fileStore(bucket: string, client: S3Client = defaultS3Client()): FileStore {
  if (!bucket) throw new FileStoreError('fileStore needs a bucket name (is the bucket variable set?)');
  const head = (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const remove = objectRemoval(bucket, client);

  return {
    async upload(key, body, opts) {
      const counted = { size: 0 };
      // lib-storage reads a Readable part by part: the source is pulled only as parts are sent.
      const source = Readable.from(bytesOf(body, counted), { objectMode: false, highWaterMark: 64 * 1024 });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: source, ContentType: opts.contentType },
        partSize: UPLOAD_PART_BYTES,
        queueSize: UPLOAD_QUEUE_SIZE,
        // On any failure lib-storage sends AbortMultipartUpload: S3 drops the parts and no object appears.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } finally {
        source.destroy();
      }
      return { size: counted.size };
    },

    /*
     * Signed now, for minutes, at each download request (never stored): a presigned URL carries the signer's
     * session token, so it dies with the Lambda role's temporary credentials whatever its expiry says. A URL
     * made on demand with the credentials the SDK currently holds (it renews them well before they expire)
     * and living at most DOWNLOAD_URL_MAX_SECONDS keeps working across rotations.
     */
    async downloadUrl(key, opts) {
      const now = Date.now();
      let seconds = Math.min(opts.maxSeconds ?? DOWNLOAD_URL_MAX_SECONDS, DOWNLOAD_URL_MAX_SECONDS);
      if (opts.until !== undefined) {
        const until = Date.parse(opts.until);
        if (Number.isNaN(until)) throw new FileStoreError(`invalid until ${opts.until}`);
        seconds = Math.min(seconds, Math.floor((until - now) / 1000));
      }
      if (seconds < 1) throw new FileStoreError('the link validity has ended');
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: attachmentDisposition(opts.fileName) }),
        { expiresIn: seconds },
      );
    },

    async uploadUrl(key, opts) {
      if (!Number.isInteger(opts.size) || opts.size < 1 || opts.size > opts.maxBytes) {
        throw new FileStoreError(`upload size ${opts.size} is not between 1 and ${opts.maxBytes} bytes`);
      }
      const expiresIn = opts.expiresSeconds ?? UPLOAD_URL_DEFAULT_SECONDS;
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: opts.contentType, ContentLength: opts.size }),
        // Both headers are part of the signature: S3 refuses a PUT with another type or length.
        { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      // The browser sets Content-Length itself from the body (it must be exactly `size`).
      return { url, headers: { 'Content-Type': opts.contentType }, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
    },

    async verifyUpload(key, opts) {
      let size: number;
      try {
        size = (await head(key)).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return { ok: false, reason: 'missing' };
        throw error;
      }
      if (size > opts.maxBytes) {
        await remove(key);
        return { ok: false, reason: 'tooLarge' };
      }
      let firstBytes: Uint8Array = new Uint8Array();
      if (size > 0) {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
        firstBytes = (await got.Body?.transformToByteArray()) ?? firstBytes;
      }
      if (!opts.accepts(firstBytes.subarray(0, SNIFF_BYTES))) {
        await remove(key);
        return { ok: false, reason: 'wrongType' };
      }
      return { ok: true, size };
    },

    remove,

    async exists(key) {
      try {
        await head(key);
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}
