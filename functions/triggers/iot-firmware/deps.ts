/** The machines' firmware reports: the registry (kept a few seconds), the rollouts' machines, rules and releases, the reported versions. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { registryCache } from '../../adapters/dynamodb/registration-cache';
import { DynamoRolloutMachines } from '../../adapters/dynamodb/rollout-machines';
import { reportedVersions } from '../../adapters/dynamodb/rollout-targets';
import type { MachineReportDeps } from '../../core/rollouts/machine-report';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { rolloutKinds } from '../rollout-kinds';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export function buildMachineReportDeps(env: NodeJS.ProcessEnv = process.env): MachineReportDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  // A machine's reports of one update resolve it once (registration-cache.ts).
  const registrations = registryCache(doc, tableName);
  return {
    kinds: rolloutKinds(doc, tableName),
    machines: new DynamoRolloutMachines(doc, tableName),
    reportedVersions: (merchantId, serials) => reportedVersions(doc, tableName, merchantId, serials),
    merchantOf: async (serial) => (await registrations.cached(serial))?.merchantId,
    now: () => new Date().toISOString(),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildMachineReportDeps());
