import type { SettingsDeps } from '../../core/merchants/settings';
import type { MerchantDeps } from '../../core/merchants/use-cases';
import { DynamoMerchantSettingsRepository } from '../../adapters/dynamodb/merchant-settings-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type MerchantsGroupDeps = BaseDeps & MerchantDeps & SettingsDeps;

/** The merchants group: merchants and their settings. */
export const deps = lazy((): MerchantsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    merchants: new DynamoMerchantRepository(doc, tableName),
    merchantSettings: new DynamoMerchantSettingsRepository(doc, tableName),
  };
});
