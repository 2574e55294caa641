import type { PosDeps } from '../../core/devices/use-cases';
import { DynamoMerchantSettingsRepository } from '../../adapters/dynamodb/merchant-settings-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPosRepository } from '../../adapters/dynamodb/pos-repository';
import { DynamoMachinePurges } from '../../adapters/dynamodb/machine-purges';
import { DynamoMachineRegroups } from '../../adapters/dynamodb/machine-regroups';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type PosGroupDeps = BaseDeps & PosDeps;

/** The pos group: machines, their purge after a delete, their alarms' and commands' re-indexing after a move, merchants and the association PINs of their settings. */
export const deps = lazy((): PosGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    pos: new DynamoPosRepository(doc, tableName),
    purges: new DynamoMachinePurges(doc, tableName),
    regroups: new DynamoMachineRegroups(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
    merchantSettings: new DynamoMerchantSettingsRepository(doc, tableName),
  };
});
