import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoRemoteCommandRepository } from '../../adapters/dynamodb/remote-command-repository';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The dashboard group reads only: statistics, machine and command counters, open anomaly alarms, the merchant. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  transactions: new DynamoTransactionRepository(doc, tableName),
  posLists: new DynamoPosLists(doc, tableName),
  commands: new DynamoRemoteCommandRepository(doc, tableName),
  alarms: new DynamoAlarmRepository(doc, tableName),
}));

export type DashboardGroupDeps = ReturnType<typeof deps>;
