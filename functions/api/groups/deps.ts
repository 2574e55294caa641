import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoGroupPos } from '../../adapters/dynamodb/group-machines';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The groups group: groups, their merchants, and the users and machines that keep a group in use. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  groups: new DynamoGroupRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
  users: new DynamoUserRepository(doc, tableName),
  pos: new DynamoGroupPos(doc, tableName),
}));

export type GroupsGroupDeps = ReturnType<typeof deps>;
