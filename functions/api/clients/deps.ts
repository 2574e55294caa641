import type { ClientDeps } from '../../core/clients/use-cases';
import { DynamoClientRepository } from '../../adapters/dynamodb/client-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type ClientsGroupDeps = BaseDeps & ClientDeps;

/** The clients group: clients and their merchants. */
export const deps = lazy((): ClientsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    clients: new DynamoClientRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
  };
});
