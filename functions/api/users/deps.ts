import type { UserAdminDeps } from '../../core/users/admin';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import { CognitoIdentityProvider } from '../../adapters/cognito/identity-provider';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite', cognitoAdmin: true } as const satisfies FunctionAccess;

export type UsersGroupDeps = BaseDeps & UserAdminDeps;

/** The users group: users, their groups and merchants, and the identity provider (Cognito) it administers. */
export const deps = lazy((): UsersGroupDeps => {
  const base = baseDeps(access);
  const { doc, config } = base;
  const { tableName } = config;
  return {
    ...base,
    users: new DynamoUserRepository(doc, tableName),
    groups: new DynamoGroupRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
    identity: new CognitoIdentityProvider({ userPoolId: config.cognito.userPoolId, region: config.region, endpoint: config.cognito.endpoint }),
  };
});
