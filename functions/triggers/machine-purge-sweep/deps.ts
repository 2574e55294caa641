/** Composition of the machine purge sweep: the table only. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoPosPurges } from '../../adapters/dynamodb/machine-purges';
import type { PurgeSweepDeps } from '../../core/devices/purge';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';

export function buildMachinePurgeDeps(env: NodeJS.ProcessEnv = process.env): PurgeSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    purges: new DynamoPosPurges(doc, tableName),
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const deps = lazy(() => buildMachinePurgeDeps());
