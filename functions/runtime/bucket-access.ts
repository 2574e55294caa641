import type { FileStore, SignedFileStore } from '../adapters/s3/file-store';
import { envS3Location } from '../adapters/s3/location';
import { objectRemoval } from '../adapters/s3/object-removal';
import { signedFiles } from '../adapters/s3/signed-files';
import { s3Signer, type S3Signer } from '../adapters/s3/signer';
import { bucketName, type BucketId, type FunctionAccess } from './access';

/** What the function's `access` allows on the bucket; an unnamed bucket is a mistake in its deps module. */
export function bucketMode(access: FunctionAccess, bucket: BucketId): 'read' | 'readWrite' {
  const mode = access.buckets?.[bucket];
  if (!mode) throw new Error(`this function's access does not name the ${bucket} bucket`);
  return mode;
}

/** The signer of the bucket's objects under the function's `access` (read-only refuses writes). */
export function bucketSigner(access: FunctionAccess, bucket: BucketId): S3Signer {
  const readOnly = bucketMode(access, bucket) === 'read';
  return s3Signer(bucketName(bucket), { location: envS3Location(), readOnly });
}

/**
 * The files of a bucket the function's `access` names, for a function that never uploads in parts (links,
 * checks, deletes): no S3 client and no lib-storage in its bundle. `bucketFiles` (files.ts) adds `upload`.
 */
export function bucketSignedFiles(access: FunctionAccess, bucket: BucketId): SignedFileStore {
  return signedFiles(bucketSigner(access, bucket));
}

/** Only FileStore.remove of such a bucket, for a function that deletes and nothing else. */
export function bucketObjectRemoval(access: FunctionAccess, bucket: BucketId): Pick<FileStore, 'remove'> {
  return { remove: objectRemoval(bucketSigner(access, bucket)) };
}
