import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import { DynamoStorageConfigRepository } from '../../adapters/dynamodb/storage-config-repository';
import { repositoryProbe } from '../../adapters/s3/repository-probe';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { secretBox } from '../../runtime/secrets';

/** Seals and opens the storage passwords with the stage's key; calls the merchant's repository URL for the connection test. */
export const access = { table: 'readWrite', sealSecrets: true } as const satisfies FunctionAccess;

/** The storage-config group: where a merchant's screens' content repository is, and its credentials. */
export const deps = groupDeps(access, ({ doc, config: { tableName, region, dynamodbEndpoint } }) => ({
  storageConfigs: new DynamoStorageConfigRepository(doc, tableName),
  merchants: new DynamoMerchantReader(doc, tableName),
  secrets: secretBox(),
  // In AWS only https repositories are called; the local stack's (the S3 emulator) is plain http.
  repositoryProbe: repositoryProbe({ region, httpsOnly: dynamodbEndpoint === undefined }),
}));

export type StorageConfigGroupDeps = ReturnType<typeof deps>;
