import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { buildDeps, type Deps } from '../../functions/shared/composition';
import { loadConfig } from '../../functions/shared/config';
import type { StackInfo } from './stack-info';

const root = new URL('../..', import.meta.url).pathname;

/** Starts `run-stack.ts` in a child process and resolves with its stack info and a stop function. */
export function startStackProcess(opts: { webRoot?: string; timeoutMs?: number } = {}): Promise<{ info: StackInfo; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/run-stack.ts', opts.webRoot ?? ''], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error('the local stack did not start in time'));
    }, opts.timeoutMs ?? 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local stack exited with code ${code} before it was ready`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('STACK_READY ')) return;
      clearTimeout(timer);
      resolve({ info: JSON.parse(line.slice('STACK_READY '.length)) as StackInfo, stop });
    });
  });
}

/** Repositories pointed at a running stack (tests and the bench arrange data with them). */
export function depsForStack(info: StackInfo): Deps {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  return buildDeps(
    loadConfig({
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: info.tableName,
      DYNAMODB_ENDPOINT: info.dynamodb,
      COGNITO_USER_POOL_ID: info.cognito.userPoolId,
      COGNITO_CLIENT_ID: info.cognito.clientId,
    }),
  );
}

/** DynamoDB operation counts of a running stack since the last reset (its DynamoDB front counts them). */
export async function dynamoOps(info: StackInfo): Promise<Record<string, number>> {
  return (await (await fetch(`${info.dynamodb}/__local/ops`)).json()) as Record<string, number>;
}

export async function resetDynamoOps(info: StackInfo): Promise<void> {
  await fetch(`${info.dynamodb}/__local/ops`, { method: 'DELETE' });
}
