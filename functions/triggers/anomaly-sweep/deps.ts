/** Composition of the anomaly sweep: the sweep's reads and cursor, and the alarms' own writes. */
import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { DynamoAnomalySweepStore } from '../../adapters/dynamodb/anomaly-sweep-store';
import { createDocumentClient } from '../../adapters/dynamodb/client';
import type { AnomalySweepDeps } from '../../core/anomalies/ports';
import type { FunctionAccess } from '../../runtime/access';
import { positiveInt, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';

/** Machines one run evaluates at most (ANOMALY_SWEEP_MACHINES_PER_RUN); a larger fleet takes several runs. */
export const DEFAULT_MACHINES_PER_RUN = 5_000;
/** A run starts no new page after this long (ANOMALY_SWEEP_RUN_MS): the scheduled functions' timeout is 50 s. */
export const DEFAULT_RUN_BUDGET_MS = 35_000;

export function buildAnomalySweepDeps(env: NodeJS.ProcessEnv = process.env): AnomalySweepDeps {
  const table = tableConfig(env);
  const doc = createDocumentClient({ region: table.region, endpoint: table.dynamodbEndpoint });
  return {
    store: new DynamoAnomalySweepStore(doc, table.tableName),
    alarms: new DynamoAlarmRepository(doc, table.tableName),
    machinesPerRun: positiveInt(env, 'ANOMALY_SWEEP_MACHINES_PER_RUN', DEFAULT_MACHINES_PER_RUN),
    runBudgetMs: positiveInt(env, 'ANOMALY_SWEEP_RUN_MS', DEFAULT_RUN_BUDGET_MS),
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** Built once per process (module-scope client, reused across invocations). */
export const deps = lazy(() => buildAnomalySweepDeps());
