import { DynamoCashReads } from '../../adapters/dynamodb/cash-reads';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The cash group reads only: machines, merchants (time zone, currency) and the cash counters and history ingestion keeps. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
  cash: new DynamoCashReads(doc, tableName),
  nowMs: Date.now,
}));

export type CashGroupDeps = ReturnType<typeof deps>;
