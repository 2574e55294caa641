/**
 * The demo admin's actions (refunds, blocks, a lost key) are played through the use cases, not over HTTP, so the
 * manifest's audit-trail step never sees them: `demoCall` writes the entry that step would have written (the route,
 * its targets, the changes the use case recorded), so that the audit log has something to show on `npm start`.
 */
import { AUDIT_TRAIL_RETENTION_DAYS } from '#schemas/audit-constants';
import { DynamoAuditTrailStore } from '../../functions/adapters/dynamodb/audit-trail-store';
import { ChangeRecorder, withChangeRecorder } from '../../functions/core/audit/change-recorder';
import type { Principal } from '../../functions/core/shared/principal';
import { targetsOf } from '../../functions/http/audit-trail';
import type { Route } from '../../functions/http/manifest';
import type { LocalRepositories } from './repositories';

export async function demoCall<T>(
  deps: LocalRepositories,
  principal: Principal,
  call: { route: Pick<Route, 'id' | 'method' | 'path'>; params: Record<string, string>; merchantId: string; status: number },
  run: () => Promise<T>,
): Promise<T> {
  const recorder = new ChangeRecorder();
  const result = await withChangeRecorder(recorder, run);
  await new DynamoAuditTrailStore(deps.doc, deps.config.tableName, AUDIT_TRAIL_RETENTION_DAYS).append({
    merchantId: call.merchantId,
    at: deps.now(),
    actor: { kind: 'user', userId: principal.userId, email: principal.email, role: principal.role },
    action: call.route.id,
    method: call.route.method as 'POST',
    path: call.route.path,
    targets: targetsOf(call.route, call.params),
    outcome: 'success',
    status: call.status,
    errorCode: null,
    correlationId: `demo-${call.route.id}-${Object.values(call.params).join('-')}`,
    sourceIp: '127.0.0.1',
    userAgent: 'npm start (demo)',
    changes: recorder.changes,
  });
  return result;
}
