import { readOnlyS3Client, defaultS3Client } from '../adapters/s3/client';
import type { FileStore } from '../adapters/s3/files';
import { objectRemoval } from '../adapters/s3/object-removal';
import { bucketName, type BucketId, type FunctionAccess } from './access';

/** The bucket's name and the client the function's `access` to it allows (read-only refuses writes). */
export function bucketClient(access: FunctionAccess, bucket: BucketId) {
  const mode = access.buckets?.[bucket];
  if (!mode) throw new Error(`this function's access does not name the ${bucket} bucket`);
  return { name: bucketName(bucket), client: mode === 'read' ? readOnlyS3Client() : defaultS3Client() };
}

/**
 * Only FileStore.remove of such a bucket, for a function that deletes and nothing else: apart from files.ts so
 * that its bundle carries neither lib-storage nor the presigner.
 */
export function bucketObjectRemoval(access: FunctionAccess, bucket: BucketId): Pick<FileStore, 'remove'> {
  const { name, client } = bucketClient(access, bucket);
  return { remove: objectRemoval(name, client) };
}
