import { DynamoPortalCatalogue, DynamoPortalRepository } from '../../adapters/dynamodb/cogeskey-portal-repository';
import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import { contentFiles } from '../../adapters/s3/content-files';
import { bucketName, type FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSigner } from '../../runtime/bucket-access';

/** Signs upload and download links of the content bucket (the portals' files), checks, copies and deletes its objects. */
export const access = { table: 'readWrite', buckets: { content: 'readWrite' } } as const satisfies FunctionAccess;

/** The cogeskey group: merchants' customer portals and what they show of the platform's services and posts. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  portals: new DynamoPortalRepository(doc, tableName),
  catalogue: new DynamoPortalCatalogue(doc, tableName),
  merchants: new DynamoMerchantReader(doc, tableName),
  contentFiles: contentFiles(bucketSigner(access, 'content'), bucketName('content')),
}));

export type CogesKeyGroupDeps = ReturnType<typeof deps>;
