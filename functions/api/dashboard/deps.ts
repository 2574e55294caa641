import { DynamoAlarmReader } from '../../adapters/dynamodb/alarm-records';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import { DynamoRemoteCommandCounts } from '../../adapters/dynamodb/remote-command-counts';
import { DynamoSalesFigures } from '../../adapters/dynamodb/sales-figures';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/**
 * The dashboard group reads only: statistics, machine and command counters, open anomaly alarms, the merchant. Each
 * through the reader its repository extends, so the bundle carries no lists, writes or record schemas it does not read.
 */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantReader(doc, tableName),
  transactions: new DynamoSalesFigures(doc, tableName),
  posLists: new DynamoPosLists(doc, tableName),
  commands: new DynamoRemoteCommandCounts(doc, tableName),
  alarms: new DynamoAlarmReader(doc, tableName),
}));

export type DashboardGroupDeps = ReturnType<typeof deps>;
