import { DynamoFirmwareRepository } from '../../adapters/dynamodb/firmware-repository';
import { releaseFiles } from '../../adapters/s3/release-files';
import { bucketName, type FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSigner } from '../../runtime/bucket-access';

/** Signs upload and download links of the firmware bucket, checks, hashes, copies and deletes its objects. */
export const access = { table: 'readWrite', buckets: { firmware: 'readWrite' } } as const satisfies FunctionAccess;

/** The firmwares group: the catalogue and the firmware bucket's files. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  firmwares: new DynamoFirmwareRepository(doc, tableName),
  firmwareFiles: releaseFiles(bucketSigner(access, 'firmware'), bucketName('firmware')),
}));

export type FirmwaresGroupDeps = ReturnType<typeof deps>;
