import { DynamoCashReads } from '../../adapters/dynamodb/cash-reads';
import { DynamoKpiReads } from '../../adapters/dynamodb/kpi-counters';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoTransactionRepository } from '../../adapters/dynamodb/transaction-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The KPI group reads only: the KPI, sales and cash counters, machine counts, the machine and the merchant. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  pos: new DynamoPosReader(doc, tableName),
  posLists: new DynamoPosLists(doc, tableName),
  transactions: new DynamoTransactionRepository(doc, tableName),
  kpis: new DynamoKpiReads(doc, tableName),
  cash: new DynamoCashReads(doc, tableName),
  nowMs: Date.now,
}));

export type KpisGroupDeps = ReturnType<typeof deps>;
