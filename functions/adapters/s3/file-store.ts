import type { Readable } from 'node:stream';

/**
 * The files of one bucket: what functions write, what browsers upload and download. Two implementations, so a
 * function bundles only what it uses: signed-files.ts (all but `upload`: SigV4 links and signed fetch requests,
 * no S3 client) and files.ts (that plus `upload`, with the S3 client and lib-storage).
 */
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

/** A FileStore without `upload`: for functions that sign links, check and delete objects, and never write in parts. */
export type SignedFileStore = Omit<FileStore, 'upload'>;

/** A download link's longest life; callers may only shorten it. */
export const DOWNLOAD_URL_MAX_SECONDS = 300;
/** An upload link's default life (a large file over a slow line). */
export const UPLOAD_URL_DEFAULT_SECONDS = 900;
/** How much of an uploaded file `accepts` sees: enough for any file signature (magic number). */
export const SNIFF_BYTES = 512;

export class FileStoreError extends Error {
  override name = 'FileStoreError';
}
