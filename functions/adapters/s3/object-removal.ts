import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Deletes one object of `bucket` (none there is no error): FileStore.remove, and alone for a function that only
 * deletes, so that it bundles neither lib-storage nor the presigner.
 */
export const objectRemoval =
  (bucket: string, client: S3Client) =>
  async (key: string): Promise<void> => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };
