/** Composition of the audit sweep: the table (the intents left behind, the trail). */
import { AUDIT_TRAIL_INTENT_GRACE_SECONDS, AUDIT_TRAIL_RETENTION_DAYS } from '#schemas/audit-constants';
import { DynamoAuditTrailIntents } from '../../adapters/dynamodb/audit-trail-intents';
import { createDocumentClient } from '../../adapters/dynamodb/client';
import type { AuditIntentSweepDeps } from '../../core/audit/intent-sweep';
import type { FunctionAccess } from '../../runtime/access';
import { positiveInt, tableConfig } from '../../runtime/config';
import { lazy } from '../../runtime/lazy';
import { logger } from '../../runtime/logger';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export function buildAuditIntentSweepDeps(env: NodeJS.ProcessEnv = process.env): AuditIntentSweepDeps {
  const { region, tableName, dynamodbEndpoint } = tableConfig(env);
  const doc = createDocumentClient({ region, endpoint: dynamodbEndpoint });
  return {
    intents: new DynamoAuditTrailIntents(doc, tableName, positiveInt(env, 'AUDIT_TRAIL_RETENTION_DAYS', AUDIT_TRAIL_RETENTION_DAYS)),
    nowMs: Date.now,
    graceSeconds: positiveInt(env, 'AUDIT_TRAIL_INTENT_GRACE_SECONDS', AUDIT_TRAIL_INTENT_GRACE_SECONDS),
    log: (level, message, fields) => logger[level](message, fields),
  };
}

/** Built once per process (module-scope client, reused across invocations). */
export const deps = lazy(() => buildAuditIntentSweepDeps());
