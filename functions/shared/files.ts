import { readOnlyS3Client, defaultS3Client } from '../adapters/s3/client';
import { fileStore, type FileStore } from '../adapters/s3/files';
import { bucketName, type BucketId, type FunctionAccess } from './access';

/**
 * The files of a bucket the function's `access` names (deps modules build them from the same access they
 * declare, so IAM grants and code agree); a read-only access gets a client that refuses writes.
 */
export function bucketFiles(access: FunctionAccess, bucket: BucketId): FileStore {
  const mode = access.buckets?.[bucket];
  if (!mode) throw new Error(`this function's access does not name the ${bucket} bucket`);
  return fileStore(bucketName(bucket), mode === 'read' ? readOnlyS3Client() : defaultS3Client());
}
