import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStore } from './file-store';
import { signedFiles } from './signed-files';
import type { S3Signer } from './signer';

/** S3's minimum part size: the most a part buffers. */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
/** Parts in flight at once: with the part being filled, an upload holds at most (2 + 1) × 5 MiB. */
export const UPLOAD_QUEUE_SIZE = 2;

async function* bytesOf(body: Readable | AsyncIterable<Uint8Array | string>, counted: { size: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    counted.size += bytes.byteLength;
    yield bytes;
  }
}

/**
 * The whole FileStore of `bucket`, for a function that writes files: `upload` by multipart upload on the S3
 * client (lib-storage), everything else as signedFiles does it with `signer` (of the same bucket).
 */
export function fileStore(bucket: string, client: S3Client, signer: S3Signer): FileStore {
  return {
    ...signedFiles(signer),

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
  };
}
