import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The merchants dashboard reads only: the merchants, their statistics days, machine and alarm counters. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  transactions: new DynamoTransactionRepository(doc, tableName),
  posLists: new DynamoPosLists(doc, tableName),
  alarms: new DynamoAlarmRepository(doc, tableName),
}));

export type MerchantsDashboardGroupDeps = ReturnType<typeof deps>;
