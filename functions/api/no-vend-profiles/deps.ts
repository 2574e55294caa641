import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoNoVendProfileRepository } from '../../adapters/dynamodb/no-vend-profile-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The no-vend-profiles group: profiles and their merchants. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  noVendProfiles: new DynamoNoVendProfileRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type NoVendProfilesGroupDeps = ReturnType<typeof deps>;
