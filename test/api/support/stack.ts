import { inject } from 'vitest';
import { buildDeps, type Deps } from '../../../functions/shared/composition';
import { loadConfig } from '../../../functions/shared/config';
import { signInWithPassword } from '../../../infra/local/emulators/cognito';
import type { DemoUser, StackInfo } from '../../../infra/local/stack-info';
import type { Role } from '../../../schemas/roles';

export const stack: StackInfo = inject('stack');

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

/** Repositories pointed at the test stack, for arranging data the API cannot create yet. */
export function stackDeps(): Deps {
  return buildDeps(
    loadConfig({
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: stack.tableName,
      DYNAMODB_ENDPOINT: stack.dynamodb,
      COGNITO_USER_POOL_ID: stack.cognito.userPoolId,
      COGNITO_CLIENT_ID: stack.cognito.clientId,
      COGNITO_ENDPOINT: stack.cognito.endpoint,
    }),
  );
}

/** The demo user of a role (the first one; merchant admin = Acme's). */
export function demoUser(role: Role): DemoUser {
  const user = stack.users.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

const tokens = new Map<string, Promise<string>>();

/** A real ID token from the local Cognito, cached per user. */
export function idToken(user: { email: string; password: string }): Promise<string> {
  if (!tokens.has(user.email)) tokens.set(user.email, signInWithPassword(stack.cognito, user.email, user.password).then((t) => t.idToken));
  return tokens.get(user.email)!;
}

export const tokenFor = (role: Role) => idToken(demoUser(role));
