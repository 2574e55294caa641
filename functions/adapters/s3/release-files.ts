import { createHash } from 'node:crypto';
import { escapeUri } from '@smithy/core/protocols';
import { MACHINE_LINK_MAX_SECONDS, type ReleaseFileStore } from '../../core/rollouts/release-files';
import { SNIFF_BYTES } from './file-store';
import { signedFiles } from './signed-files';
import { s3Failure, type S3Signer } from './signer';

/**
 * The files of a release bucket (firmware, cash databases): the signed file store, plus a streamed SHA-256 of an
 * object (one GET read chunk by chunk: no function holds the file) and a server-side copy bound to the version hashed.
 */
export function releaseFiles(signer: S3Signer, bucket: string): ReleaseFileStore {
  const files = signedFiles(signer);
  return {
    uploadUrl: files.uploadUrl,
    verifyUpload: files.verifyUpload,
    remove: files.remove,
    downloadUrl: (key, opts) => files.downloadUrl(key, opts),
    // The one link past the file store's 300 s ceiling (signed-files.ts): a machine's, for the time its update may take.
    machineLink: (key, seconds) => signer.presign({ operation: 'GetObject', key, expiresIn: Math.max(1, Math.min(seconds, MACHINE_LINK_MAX_SECONDS)) }),

    async digest(key) {
      const response = await signer.send({ operation: 'GetObject', key });
      if (!response.ok || !response.body) throw await s3Failure('GetObject', key, response);
      const hash = createHash('sha256');
      const firstBytes = new Uint8Array(SNIFF_BYTES);
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (size < SNIFF_BYTES) firstBytes.set(chunk.subarray(0, SNIFF_BYTES - size), size);
        hash.update(chunk);
        size += chunk.byteLength;
      }
      return { sha256: hash.digest('hex'), size, etag: response.headers.get('etag') ?? '', firstBytes: firstBytes.subarray(0, Math.min(size, SNIFF_BYTES)) };
    },

    async copy(from, to, etag) {
      const source = `/${bucket}/${from.split('/').map(escapeUri).join('/')}`;
      const response = await signer.send({
        operation: 'CopyObject',
        key: to,
        headers: { 'x-amz-copy-source': source, ...(etag ? { 'x-amz-copy-source-if-match': etag } : {}) },
      });
      if (response.status === 412 || response.status === 404) {
        await response.body?.cancel();
        return false;
      }
      // S3 may answer 200 and report a failed copy in the body.
      const text = await response.text();
      if (!response.ok || text.includes('<Error>'))
        throw new Error(`CopyObject ${from} → ${to} failed: ${response.status} ${/<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? ''}`);
      return true;
    },
  };
}
