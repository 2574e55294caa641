import { DynamoMerchantSettingsRepository } from '../../adapters/dynamodb/merchant-settings-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The merchants group: merchants and their settings. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  merchants: new DynamoMerchantRepository(doc, tableName),
  merchantSettings: new DynamoMerchantSettingsRepository(doc, tableName),
}));

export type MerchantsGroupDeps = ReturnType<typeof deps>;
