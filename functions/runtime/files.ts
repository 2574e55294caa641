import { defaultS3Client, readOnlyS3Client } from '../adapters/s3/client';
import type { FileStore } from '../adapters/s3/file-store';
import { fileStore } from '../adapters/s3/files';
import { bucketName, type BucketId, type FunctionAccess } from './access';
import { bucketMode, bucketSigner } from './bucket-access';

/**
 * The files of a bucket the function's `access` names, with `upload` (the S3 client and lib-storage): only for
 * a function that writes files; one that does not takes `bucketSignedFiles` (bucket-access.ts). Deps modules
 * build them from the same access they declare, so IAM grants and code agree; read-only access refuses writes.
 */
export function bucketFiles(access: FunctionAccess, bucket: BucketId): FileStore {
  const client = bucketMode(access, bucket) === 'read' ? readOnlyS3Client() : defaultS3Client();
  return fileStore(bucketName(bucket), client, bucketSigner(access, bucket));
}
