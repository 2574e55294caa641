import type { GroupDeps } from '../../core/groups/use-cases';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoGroupMachines } from '../../adapters/dynamodb/group-machines';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type GroupsGroupDeps = BaseDeps & GroupDeps;

/** The groups group: groups, their merchants, and the users and machines that keep a group in use. */
export const deps = lazy((): GroupsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    groups: new DynamoGroupRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
    users: new DynamoUserRepository(doc, tableName),
    pos: new DynamoGroupMachines(doc, tableName),
  };
});
