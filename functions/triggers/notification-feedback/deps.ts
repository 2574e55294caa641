/** The bounce and complaint handler's composition: the user records only. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoUserRepository } from '../../adapters/dynamodb/user-repository';
import type { FeedbackDeps } from '../../core/notifications/use-cases';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';

export function buildFeedbackDeps(env: NodeJS.ProcessEnv = process.env): FeedbackDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  return { users: new DynamoUserRepository(createDocumentClient({ region, endpoint: dynamodbEndpoint }), tableName), now: () => new Date().toISOString() };
}

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;
export const deps = lazy(() => buildFeedbackDeps());
