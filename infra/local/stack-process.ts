import { loadConfig } from '../../functions/runtime/config';
import { spawnReady } from './child-process';
import { S3RVER_CREDENTIALS } from './emulators/s3';
import { localRepositories, type LocalRepositories } from './repositories';
import type { StackInfo } from './stack-info';

/**
 * Starts `run-stack.ts` in a child process (with `env` added to its environment) and resolves with its stack
 * info, a stop function and a crash function (SIGKILL); `output` receives the lines it writes (its logs), if given.
 */
export async function startStackProcess(
  opts: { webRoot?: string; timeoutMs?: number; env?: Record<string, string>; output?: (line: string) => void } = {},
): Promise<{ info: StackInfo; stop(): Promise<void>; crash(): Promise<void> }> {
  const { ready, stop, crash } = await spawnReady('infra/local/run-stack.ts', [opts.webRoot ?? ''], 'STACK_READY', opts.timeoutMs, opts.env, opts.output);
  return { info: JSON.parse(ready) as StackInfo, stop, crash };
}

/** The environment a function needs to run in this process against a running stack (as the stack sets it for its own). */
export function stackEnvironment(info: StackInfo): Record<string, string> {
  const issuer = `${info.cognito.endpoint}/${info.cognito.userPoolId}`;
  return {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? S3RVER_CREDENTIALS.secretAccessKey,
    TABLE_NAME: info.tableName,
    DYNAMODB_ENDPOINT: info.dynamodb,
    COGNITO_USER_POOL_ID: info.cognito.userPoolId,
    COGNITO_CLIENT_ID: info.cognito.clientId,
    COGNITO_ENDPOINT: info.cognito.endpoint,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URL: `${issuer}/.well-known/jwks.json`,
    S3_ENDPOINT: info.s3,
    FIRMWARE_BUCKET: info.buckets.firmware,
    CASH_DATABASES_BUCKET: info.buckets.cashDatabases,
    EXPORTS_BUCKET: info.buckets.exports,
    CONTENT_BUCKET: info.buckets.content,
  };
}

/** Repositories pointed at a running stack (tests and the bench arrange data with them). */
export function depsForStack(info: StackInfo): LocalRepositories {
  const env = stackEnvironment(info);
  process.env.AWS_ACCESS_KEY_ID = env.AWS_ACCESS_KEY_ID;
  process.env.AWS_SECRET_ACCESS_KEY = env.AWS_SECRET_ACCESS_KEY;
  return localRepositories(loadConfig(env));
}

/** DynamoDB operation counts of a running stack since the last reset (its DynamoDB front counts them). */
export async function dynamoOps(info: StackInfo): Promise<Record<string, number>> {
  return (await (await fetch(`${info.dynamodb}/__local/ops`)).json()) as Record<string, number>;
}

/** Items written since the last reset, by operation and key pattern (see emulators/dynamodb.ts keyPattern). */
export async function dynamoItemWrites(info: StackInfo): Promise<Record<string, number>> {
  return (await (await fetch(`${info.dynamodb}/__local/item-writes`)).json()) as Record<string, number>;
}

/** Resets the operation and item write counts. */
export async function resetDynamoOps(info: StackInfo): Promise<void> {
  await fetch(`${info.dynamodb}/__local/ops`, { method: 'DELETE' });
}
