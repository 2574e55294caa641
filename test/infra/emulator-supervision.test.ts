/**
 * The emulators in their own processes are supervised: killed on purpose, each is started again on the same
 * endpoint and data, and answers again; a process that keeps dying is retried with a growing delay, then left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoProcess } from '../../infra/local/emulators/dynamodb-process';
import { localS3ClientConfig, startS3 } from '../../infra/local/emulators/s3';
import { createTable, localDynamoClient } from '../../infra/local/emulators/table';
import { supervise, type EmulatorRun } from '../../infra/local/supervisor';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('emulator supervision', () => {
  it('restarts a killed DynamoDB process on the same endpoint and store: the table and its items are there', async () => {
    const dynamo = await startDynamoProcess({ path: join(tempDir('supervised-dynamo-'), 'dynamodb') });
    const doc = DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));
    try {
      await createTable(dynamo.endpoint, 'supervised');
      await doc.send(new PutCommand({ TableName: 'supervised', Item: { pk: 'a', sk: 'b', value: 42 } }));
      const firstPid = dynamo.pid;

      dynamo.kill('SIGKILL');
      await until(() => dynamo.restarts === 1);
      await dynamo.healthy(10_000);

      expect(dynamo.pid).not.toBe(firstPid);
      const { Item } = await doc.send(new GetCommand({ TableName: 'supervised', Key: { pk: 'a', sk: 'b' } }));
      expect(Item?.value).toBe(42);
    } finally {
      doc.destroy();
      await dynamo.stop();
    }
    expect(dynamo.restarts).toBe(1);
  });

  it('restarts a killed s3rver on the same endpoint and folder: buckets and objects are there', async () => {
    const s3 = await startS3({ directory: tempDir('supervised-s3-'), buckets: ['supervised-bucket'] });
    const client = new S3Client(localS3ClientConfig(s3.endpoint));
    try {
      await client.send(new PutObjectCommand({ Bucket: 'supervised-bucket', Key: 'kept.txt', Body: 'still here' }));
      const firstPid = s3.pid;

      s3.kill('SIGKILL');
      await until(() => s3.restarts === 1);
      await s3.healthy(10_000);

      expect(s3.pid).not.toBe(firstPid);
      const got = await client.send(new GetObjectCommand({ Bucket: 'supervised-bucket', Key: 'kept.txt' }));
      expect(await got.Body?.transformToString()).toBe('still here');
    } finally {
      client.destroy();
      await s3.stop();
    }
  });

  it('a process that keeps dying is restarted after growing delays, then no more', async () => {
    const startedAt: number[] = [];
    // A process that dies 5 ms after it is ready, with exit code 3.
    const dyingProcess = async (): Promise<EmulatorRun> => {
      startedAt.push(Date.now());
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => setTimeout(() => resolve({ code: 3, signal: null }), 5));
      return { pid: 0, exited, stop: async () => void (await exited) };
    };
    const emulator = await supervise('always-dying', dyingProcess, async () => {}, { initialDelayMs: 20, maxDelayMs: 10_000, maxQuickRestarts: 4 });

    await until(() => emulator.restarts === 4, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await emulator.stop();

    expect(startedAt).toHaveLength(5);
    const gaps = startedAt.slice(1).map((at, i) => at - startedAt[i]!);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(20 * 2 ** i));
  });
});
