import { DynamoDataRequestRepository, DynamoSubscriptionRepository } from '../../adapters/dynamodb/historical-data-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSignedFiles } from '../../runtime/bucket-access';
import { workflowStarter } from '../../runtime/workflows';

/** Reads the exports bucket (download links) and removes files (delete, expiry); starts exports. */
export const access = { table: 'readWrite', buckets: { exports: 'readWrite' }, startWorkflows: true } as const satisfies FunctionAccess;

/** The historical-data group: merchants (their time zone), requests, subscriptions, the exports bucket, the workflow starter. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  dataRequests: new DynamoDataRequestRepository(doc, tableName),
  subscriptions: new DynamoSubscriptionRepository(doc, tableName),
  exportFiles: bucketSignedFiles(access, 'exports'),
  workflows: workflowStarter(),
}));

export type HistoricalDataGroupDeps = ReturnType<typeof deps>;
