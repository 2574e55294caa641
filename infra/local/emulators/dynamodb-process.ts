import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnReady, stopWithParent } from '../child-process';
import { supervise, type SupervisedEmulator } from '../supervisor';
import { startDynamo } from './dynamodb';

export interface DynamoProcess extends SupervisedEmulator {
  endpoint: string;
  opCounts(): Promise<Record<string, number>>;
  itemWriteCounts(): Promise<Record<string, number>>;
  resetOpCounts(): Promise<void>;
}

/**
 * Local DynamoDB in its own process, as the real service is: the functions' work and the database's
 * work then run side by side instead of taking turns on one event loop. The process is supervised: when it
 * dies it is started again on the same port and store (`path`; without one the store is in memory and a
 * restart starts it empty).
 */
export async function startDynamoProcess(opts: { port?: number; path?: string } = {}): Promise<DynamoProcess> {
  let port = opts.port ?? 0;
  let endpoint = '';
  const emulator = await supervise(
    'dynamodb',
    async () => {
      const run = await spawnReady('infra/local/emulators/dynamodb-process.ts', [String(port), opts.path ?? ''], 'DYNAMO_READY');
      endpoint = run.ready;
      port = Number(new URL(endpoint).port);
      return run;
    },
    async () => {
      // A ListTables through the front reads the store, not just the front.
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization: 'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=probe',
          'x-amz-date': '20240101T000000Z',
        },
        body: '{}',
      });
      if (!res.ok) throw new Error(`ListTables answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
  );
  return Object.assign(emulator, {
    endpoint,
    opCounts: async () => (await (await fetch(`${endpoint}/__local/ops`)).json()) as Record<string, number>,
    itemWriteCounts: async () => (await (await fetch(`${endpoint}/__local/item-writes`)).json()) as Record<string, number>,
    resetOpCounts: async () => void (await fetch(`${endpoint}/__local/ops`, { method: 'DELETE' })),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dynamo = await startDynamo({ port: Number(process.argv[2] ?? 0), path: process.argv[3] || undefined });
  process.stdout.write(`DYNAMO_READY ${dynamo.endpoint}\n`);
  stopWithParent(dynamo.stop, { parentStops: true });
}
