import { DynamoCashDatabaseRepository } from '../../adapters/dynamodb/cash-database-repository';
import { releaseFiles } from '../../adapters/s3/release-files';
import { bucketName, type FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSigner } from '../../runtime/bucket-access';

/** Signs upload and download links of the cash databases bucket, checks, hashes, copies and deletes its objects. */
export const access = { table: 'readWrite', buckets: { cashDatabases: 'readWrite' } } as const satisfies FunctionAccess;

/** The cash-databases group: a merchant's versions and the cash databases bucket's files. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  cashDatabases: new DynamoCashDatabaseRepository(doc, tableName),
  cashDatabaseFiles: releaseFiles(bucketSigner(access, 'cashDatabases'), bucketName('cashDatabases')),
}));

export type CashDatabasesGroupDeps = ReturnType<typeof deps>;
