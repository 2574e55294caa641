import { DynamoGroupReader } from '../../adapters/dynamodb/group-records';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import { CognitoIdentityProvider } from '../../adapters/cognito/identity-provider';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite', cognitoAdmin: true } as const satisfies FunctionAccess;

/** The users group: users, their groups and merchants, and the identity provider (Cognito) it administers. */
export const deps = groupDeps(access, ({ doc, config }) => ({
  users: new DynamoUserRepository(doc, config.tableName),
  groups: new DynamoGroupReader(doc, config.tableName),
  merchants: new DynamoMerchantRepository(doc, config.tableName),
  identity: new CognitoIdentityProvider({ userPoolId: config.cognito.userPoolId, region: config.region, endpoint: config.cognito.endpoint }),
}));

export type UsersGroupDeps = ReturnType<typeof deps>;
