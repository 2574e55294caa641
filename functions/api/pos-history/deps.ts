import type { PosHistoryDeps } from '../../core/devices/history';
import { DynamoMachineReads } from '../../adapters/dynamodb/machine-reads';
import { DynamoPosHistoryRepository } from '../../adapters/dynamodb/pos-history-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'read' } as const satisfies FunctionAccess;

export type PosHistoryGroupDeps = BaseDeps & PosHistoryDeps;

/** The pos-history group reads only: machines and what they reported (audits, cash, sales, sensor samples). */
export const deps = lazy((): PosHistoryGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    pos: new DynamoMachineReads(doc, tableName),
    posHistory: new DynamoPosHistoryRepository(doc, tableName),
  };
});
