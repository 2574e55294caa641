import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoPosHistoryRepository } from '../../adapters/dynamodb/pos-history-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'read' } as const satisfies FunctionAccess;

/** The pos-history group reads only: machines and what they reported (audits, cash, sales, sensor samples). */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
  posHistory: new DynamoPosHistoryRepository(doc, tableName),
}));

export type PosHistoryGroupDeps = ReturnType<typeof deps>;
