/** Composition of the scheduled exports sweep: the table (merchants, subscriptions, requests) and the workflow starter. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoDataRequestRepository, DynamoSubscriptionRepository } from '../../adapters/dynamodb/historical-data-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { SubscriptionSweepDeps } from '../../core/historical-data/subscriptions';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';
import { workflowStarter } from '../../runtime/workflows';

export const access = { table: 'readWrite', startWorkflows: true } as const satisfies FunctionAccess;

export function buildDataSubscriptionSweepDeps(env: NodeJS.ProcessEnv = process.env): SubscriptionSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    merchants: new DynamoMerchantRepository(doc, tableName),
    subscriptions: new DynamoSubscriptionRepository(doc, tableName),
    dataRequests: new DynamoDataRequestRepository(doc, tableName),
    workflows: workflowStarter(env),
    now: () => new Date().toISOString(),
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildDataSubscriptionSweepDeps());
