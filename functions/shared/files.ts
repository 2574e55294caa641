import { fileStore, type FileStore } from '../adapters/s3/files';
import type { BucketId, FunctionAccess } from './access';
import { bucketClient } from './bucket-access';

/**
 * The files of a bucket the function's `access` names (deps modules build them from the same access they
 * declare, so IAM grants and code agree); a read-only access gets a client that refuses writes.
 */
export function bucketFiles(access: FunctionAccess, bucket: BucketId): FileStore {
  const { name, client } = bucketClient(access, bucket);
  return fileStore(name, client);
}
