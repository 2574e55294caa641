/** The machines' licence reports: the licences and the machines they belong to. */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoLicenseRepository, licenseMachine } from '../../adapters/dynamodb/licence-repository';
import type { LicenseReportDeps } from '../../core/licences/report';
import type { FunctionAccess } from '../../runtime/access';
import { tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export function buildLicenseReportDeps(env: NodeJS.ProcessEnv = process.env): LicenseReportDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    licenses: new DynamoLicenseRepository(doc, tableName),
    machines: { machine: (serial) => licenseMachine(doc, tableName, serial) },
    now: () => new Date().toISOString(),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildLicenseReportDeps());
