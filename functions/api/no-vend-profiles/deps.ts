import type { NoVendProfileDeps } from '../../core/no-vend-profiles/use-cases';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoNoVendProfileRepository } from '../../adapters/dynamodb/no-vend-profile-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type NoVendProfilesGroupDeps = BaseDeps & NoVendProfileDeps;

/** The no-vend-profiles group: profiles and their merchants. */
export const deps = lazy((): NoVendProfilesGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    noVendProfiles: new DynamoNoVendProfileRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
  };
});
