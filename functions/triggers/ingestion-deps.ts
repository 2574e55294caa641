/**
 * Every ingestion kind's deps together, for what ingests several kinds with one composition (the local stack's demo
 * seeding, the tests): the batch's common deps and each kind's extras, from the triggers' own compositions. No
 * trigger uses it (each bundles its kind's only: iot-<kind>/deps.ts); the media lists stay the telemetry trigger's.
 */
import { createDocumentClient } from '../adapters/dynamodb/client';
import type { IngestionDeps } from '../core/ingestion/deps';
import { lazy } from '../runtime/lazy';
import { cashExtras } from './cash-ingestion-deps';
import { loadIngestionConfig, type IngestionConfig } from './ingestion-config';
import { alarmsExtras } from './iot-alarms/deps';
import { auditExtras } from './iot-audit/deps';
import { salesExtras } from './iot-sales/deps';
import { sensorsExtras } from './iot-sensors/deps';
import { batchDeps } from './kind-deps';

export function buildIngestionDeps(
  config: IngestionConfig,
  doc = createDocumentClient({ region: config.region, endpoint: config.dynamodbEndpoint }),
): IngestionDeps {
  return {
    ...batchDeps(config, doc),
    ...alarmsExtras(doc, config),
    ...auditExtras(doc, config),
    ...salesExtras(doc, config),
    ...sensorsExtras(doc, config),
    ...cashExtras(doc, config),
  };
}

/** Built once per process (module-scope client, reused across invocations). */
export const ingestionDeps = lazy(() => buildIngestionDeps(loadIngestionConfig()));
