import { DynamoClientRepository } from '../../adapters/dynamodb/client-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The clients group: clients and their merchants. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  clients: new DynamoClientRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
}));

export type ClientsGroupDeps = ReturnType<typeof deps>;
