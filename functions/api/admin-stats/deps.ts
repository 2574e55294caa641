import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPlatformCounters } from '../../adapters/dynamodb/platform-counters';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The platform statistics read only: the merchants, their counters and their statistics days. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  counters: new DynamoPlatformCounters(doc, tableName),
  transactions: new DynamoTransactionRepository(doc, tableName),
}));

export type AdminStatsGroupDeps = ReturnType<typeof deps>;
