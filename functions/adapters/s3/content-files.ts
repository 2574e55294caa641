import type { ContentFileStore } from '../../core/content-files/accept';
import { releaseFiles } from './release-files';
import { signedFiles } from './signed-files';
import { s3Failure, type S3Signer } from './signer';

/**
 * The content bucket's files: the signed file store and the release files' version-bound copy, plus the read of a
 * whole (small) object with its ETag, refused past `maxBytes` before its body is read.
 */
export function contentFiles(signer: S3Signer, bucket: string): ContentFileStore {
  const files = signedFiles(signer);
  const { copy } = releaseFiles(signer, bucket);
  return {
    uploadUrl: files.uploadUrl,
    remove: files.remove,
    copy,
    downloadUrl: (key, opts) => files.downloadUrl(key, opts),

    async read(key, maxBytes) {
      const response = await signer.send({ operation: 'GetObject', key });
      if (response.status === 404) {
        await response.body?.cancel();
        return 'missing';
      }
      if (!response.ok) throw await s3Failure('GetObject', key, response);
      if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
        await response.body?.cancel();
        return 'tooLarge';
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      return bytes.byteLength > maxBytes ? 'tooLarge' : { bytes, etag: response.headers.get('etag') ?? '' };
    },
  };
}
