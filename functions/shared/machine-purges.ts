/** Composition of the machine purge sweep: the table only. */
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoMachinePurges } from '../adapters/dynamodb/machine-purges';
import type { PurgeSweepDeps } from '../core/devices/purge';
import { tableConfig } from './config';
import { logger } from './logger';

export function buildMachinePurgeDeps(env: NodeJS.ProcessEnv = process.env): PurgeSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    purges: new DynamoMachinePurges(doc, tableName),
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

let deps: PurgeSweepDeps | undefined;

/** Built once per process (module-scope client, reused across invocations). */
export function getMachinePurgeDeps(): PurgeSweepDeps {
  deps ??= buildMachinePurgeDeps();
  return deps;
}

/** Forget the process's deps (a local stack started again in the same process has new endpoints). */
export function resetMachinePurgeDeps(): void {
  deps = undefined;
}
