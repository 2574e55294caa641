import type { ConfigDeps } from '../../core/devices/config-use-cases';
import { DynamoMachineReads } from '../../adapters/dynamodb/machine-reads';
import { DynamoPosConfigRepository } from '../../adapters/dynamodb/pos-config-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type PosConfigsGroupDeps = BaseDeps & ConfigDeps;

/** The pos-configs group: machines and their configurations. */
export const deps = lazy((): PosConfigsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    pos: new DynamoMachineReads(doc, tableName),
    posConfigs: new DynamoPosConfigRepository(doc, tableName),
  };
});
