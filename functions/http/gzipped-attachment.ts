/**
 * A download too large for a plain answer: its text, produced piece by piece, is gzipped as it comes, so the
 * function holds only the compressed file (CSV compresses about tenfold), and answered base64-encoded with
 * `content-encoding: gzip`, which API Gateway decodes and every browser and HTTP client inflates. A Lambda answer
 * holds at most 6 MB: past MAX_GZIPPED_BYTES of compressed text the download is refused with `tooLarge()`.
 */
import { constants, createGzip } from 'node:zlib';
import type { RawResult } from './manifest';

/** Compressed bytes at most: base64 makes them 4/3, which stays under the 6 MB answer with its headers. */
export const MAX_GZIPPED_BYTES = 4 * 1024 * 1024;

export async function gzippedAttachment(
  fileName: string,
  pieces: AsyncIterable<string>,
  tooLarge: () => Error,
  { contentType = 'text/csv', maxBytes = MAX_GZIPPED_BYTES }: { contentType?: string; maxBytes?: number } = {},
): Promise<RawResult> {
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  const compressed: Buffer[] = [];
  let bytes = 0;
  let over = false;
  gzip.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) over = true;
    else compressed.push(chunk);
  });
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  for await (const piece of pieces) {
    if (over) break;
    // Waits for the compressor to take the piece, so no more than one piece is ever held uncompressed.
    if (!gzip.write(piece)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await ended;
  if (over) throw tooLarge();
  return {
    raw: true,
    isBase64Encoded: true,
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'content-encoding': 'gzip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
    body: Buffer.concat(compressed).toString('base64'),
  };
}
