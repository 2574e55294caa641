import { s3Failure, type S3Signer } from './signer';

/**
 * Deletes one object of the signer's bucket (none there is no error): FileStore.remove, and alone for a function
 * that only deletes, so that it bundles neither the S3 client nor lib-storage.
 */
export const objectRemoval =
  (signer: S3Signer) =>
  async (key: string): Promise<void> => {
    const response = await signer.send({ operation: 'DeleteObject', key });
    if (!response.ok) throw await s3Failure('DeleteObject', key, response);
    await response.body?.cancel();
  };
