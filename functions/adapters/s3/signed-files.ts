import { DOWNLOAD_URL_MAX_SECONDS, FileStoreError, SNIFF_BYTES, UPLOAD_URL_DEFAULT_SECONDS, type SignedFileStore } from './file-store';
import { objectRemoval } from './object-removal';
import { s3Failure, type S3Signer } from './signer';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form (filename*). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The FileStore of the signer's bucket but `upload`: links signed here, the rest as signed fetch requests. */
export function signedFiles(signer: S3Signer): SignedFileStore {
  const remove = objectRemoval(signer);

  /** The object's size, or undefined when there is none. */
  const sizeOf = async (key: string): Promise<number | undefined> => {
    const response = await signer.send({ operation: 'HeadObject', key });
    if (response.status === 404) return undefined;
    if (!response.ok) throw await s3Failure('HeadObject', key, response);
    return Number(response.headers.get('content-length') ?? 0);
  };

  return {
    /*
     * Signed now, for minutes, at each download request (never stored): a presigned URL carries the signer's
     * session token, so it dies with the Lambda role's temporary credentials whatever its expiry says. A URL
     * made on demand with the credentials the function currently holds (read from its environment at each
     * signature) and living at most DOWNLOAD_URL_MAX_SECONDS keeps working across rotations.
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
      return signer.presign({
        operation: 'GetObject',
        key,
        query: { 'response-content-disposition': attachmentDisposition(opts.fileName) },
        expiresIn: seconds,
      });
    },

    async uploadUrl(key, opts) {
      if (!Number.isInteger(opts.size) || opts.size < 1 || opts.size > opts.maxBytes) {
        throw new FileStoreError(`upload size ${opts.size} is not between 1 and ${opts.maxBytes} bytes`);
      }
      const expiresIn = opts.expiresSeconds ?? UPLOAD_URL_DEFAULT_SECONDS;
      const url = await signer.presign({
        operation: 'PutObject',
        key,
        headers: { 'Content-Type': opts.contentType, 'Content-Length': String(opts.size) },
        // Both headers are part of the signature: S3 refuses a PUT with another type or length.
        signedHeaders: ['content-type', 'content-length'],
        expiresIn,
      });
      // The browser sets Content-Length itself from the body (it must be exactly `size`).
      return { url, headers: { 'Content-Type': opts.contentType }, expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() };
    },

    async verifyUpload(key, opts) {
      const size = await sizeOf(key);
      if (size === undefined) return { ok: false, reason: 'missing' };
      if (size > opts.maxBytes) {
        await remove(key);
        return { ok: false, reason: 'tooLarge' };
      }
      let firstBytes = new Uint8Array();
      if (size > 0) {
        const response = await signer.send({ operation: 'GetObject', key, headers: { Range: `bytes=0-${SNIFF_BYTES - 1}` } });
        if (!response.ok) throw await s3Failure('GetObject', key, response);
        firstBytes = new Uint8Array(await response.arrayBuffer());
      }
      if (!opts.accepts(firstBytes.subarray(0, SNIFF_BYTES))) {
        await remove(key);
        return { ok: false, reason: 'wrongType' };
      }
      return { ok: true, size };
    },

    remove,

    async exists(key) {
      return (await sizeOf(key)) !== undefined;
    },
  };
}
