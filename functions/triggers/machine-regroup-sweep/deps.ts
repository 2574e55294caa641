/** Composition of the machine regroup sweep: the table only. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoPosRegroups } from '../../adapters/dynamodb/machine-regroups';
import type { RegroupSweepDeps } from '../../core/devices/regroup';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';

export function buildMachineRegroupDeps(env: NodeJS.ProcessEnv = process.env): RegroupSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    regroups: new DynamoPosRegroups(doc, tableName),
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const deps = lazy(() => buildMachineRegroupDeps());
