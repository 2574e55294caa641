import { DynamoMerchantSettingsRepository } from '../../adapters/dynamodb/merchant-settings-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPosRepository } from '../../adapters/dynamodb/pos-repository';
import { DynamoMachinePurges } from '../../adapters/dynamodb/machine-purges';
import type { FunctionAccess } from '../../shared/access';
import { groupDeps } from '../../shared/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The pos group: machines, their purge after a delete, merchants and the association PINs of their settings. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosRepository(doc, tableName),
  purges: new DynamoMachinePurges(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
  merchantSettings: new DynamoMerchantSettingsRepository(doc, tableName),
}));

export type PosGroupDeps = ReturnType<typeof deps>;
