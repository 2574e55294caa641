/**
 * The licence sweep: the licences, SES (the licence and demo-expiry e-mails, sent as the alarm e-mails are, through the
 * stage's configuration set; locally into the local outbox) and the console's origin for the confirmation link.
 */
import { createDocumentClient } from '../../adapters/dynamodb/client';
import { DynamoLicenseRepository } from '../../adapters/dynamodb/licence-repository';
import { SesMailer } from '../../adapters/ses/mailer';
import type { LicenseSweepDeps } from '../../core/licences/sweep';
import type { FunctionAccess } from '../../runtime/access';
import { required, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';

export const access = { table: 'readWrite', sendEmail: true } as const satisfies FunctionAccess;

export function buildLicenseSweepDeps(env: NodeJS.ProcessEnv = process.env): LicenseSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  return {
    licenses: new DynamoLicenseRepository(createDocumentClient({ region, endpoint: dynamodbEndpoint }), tableName),
    mailer: new SesMailer({
      region,
      from: required(env, 'NOTIFICATION_FROM'),
      configurationSet: env.SES_CONFIGURATION_SET || undefined,
      endpoint: env.SES_ENDPOINT || undefined,
    }),
    consoleUrl: required(env, 'CONSOLE_URL').replace(/\/$/, ''),
    now: () => new Date().toISOString(),
  };
}

/** Built once per process (module-scope clients, reused across invocations). */
export const deps = lazy(() => buildLicenseSweepDeps());
