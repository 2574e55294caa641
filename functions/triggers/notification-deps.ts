/**
 * Composition of the alarm notification sender (the outbox's stream) and the digest sweep: the table, SES, the
 * stage's link key. NOTIFICATION_LINK_KEY comes from a secret of the stage (CDK: a generated Secrets Manager secret;
 * locally: a random key kept under .local/), never from code.
 */
import { createDocumentClient } from '../adapters/dynamodb/client';
import { DynamoNotificationOutbox } from '../adapters/dynamodb/notification-outbox';
import { DynamoNotificationRepository, notificationLookups } from '../adapters/dynamodb/notification-repository';
import { SesMailer } from '../adapters/ses/mailer';
import type { SenderDeps } from '../core/notifications/use-cases';
import type { FunctionAccess } from '../runtime/access';
import { required, tableConfig } from '../runtime/config';
import { lazy } from '../runtime/lazy';
import { logger } from '../runtime/logger';

export function buildNotificationDeps(env: NodeJS.ProcessEnv = process.env): SenderDeps & { outbox: DynamoNotificationOutbox } {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  const store = new DynamoNotificationRepository(doc, tableName);
  return {
    lookups: notificationLookups(doc, tableName),
    notifications: store,
    flaps: store,
    sends: store,
    digests: store,
    outbox: new DynamoNotificationOutbox(doc, tableName),
    mailer: new SesMailer({
      region,
      from: required(env, 'NOTIFICATION_FROM'),
      configurationSet: env.SES_CONFIGURATION_SET || undefined,
      endpoint: env.SES_ENDPOINT || undefined,
    }),
    linkKey: required(env, 'NOTIFICATION_LINK_KEY'),
    consoleUrl: required(env, 'CONSOLE_URL').replace(/\/$/, ''),
    nowMs: Date.now,
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** The table, SendEmail through the stage's configuration set, the link key. */
export const notificationAccess = { table: 'readWrite', sendEmail: true, linkKey: true } as const satisfies FunctionAccess;

/** Built once per process (module-scope clients, reused across invocations). */
export const notificationDeps = lazy(() => buildNotificationDeps());
