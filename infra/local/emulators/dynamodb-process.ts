import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnReady, stopWithParent } from '../child-process';
import { startDynamo } from './dynamodb';

/**
 * Local DynamoDB in its own process, as the real service is: the functions' work and the database's
 * work then run side by side instead of taking turns on one event loop.
 */
export async function startDynamoProcess(opts: { port?: number; path?: string } = {}) {
  const { ready, stop } = await spawnReady('infra/local/emulators/dynamodb-process.ts', [String(opts.port ?? 0), opts.path ?? ''], 'DYNAMO_READY');
  const endpoint = ready;
  return {
    endpoint,
    stop,
    opCounts: async () => (await (await fetch(`${endpoint}/__local/ops`)).json()) as Record<string, number>,
    itemWriteCounts: async () => (await (await fetch(`${endpoint}/__local/item-writes`)).json()) as Record<string, number>,
    resetOpCounts: async () => void (await fetch(`${endpoint}/__local/ops`, { method: 'DELETE' })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dynamo = await startDynamo({ port: Number(process.argv[2] ?? 0), path: process.argv[3] || undefined });
  process.stdout.write(`DYNAMO_READY ${dynamo.endpoint}\n`);
  stopWithParent(dynamo.stop);
}
