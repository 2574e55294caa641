/**
 * (l) of `npm run bench`: the audit trail's cost (issue 28 budgets). A mutating call with its audit entry (PUT
 * /merchants/{id}/settings: the use case records the settings' before → after, the step links and puts the entry)
 * beside the same call with auditing off (AUDIT_TRAIL=off, read per call), the merchants handler invoked in this
 * process with the API Gateway event, interleaved in one run: p95 ratio, budget ≤ 1.25×; DynamoDB calls per call of
 * each, by operation. Audited, the call's intent rides in the settings' own transaction (one more item, no more call)
 * and the entry is appended with the intent's removal in one TransactWriteItems: one call more than auditing off.
 * The audit sweep's timer is off in this stack (it reads the intents left behind every minute, not per call).
 * Runs alone with `tsx test/bench/audit-trail.ts`.
 */
import { pathToFileURL } from 'node:url';
import { groupHandler, type GroupHandler } from './invoke';
import { dynamoCallsPer, interleave, localSuperAdminAuthorization, type Series } from './measure';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
export const AUDIT_TRAIL_BUDGET = { p95Ratio: 1.25 };

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export interface AuditTrailFigures {
  series: Record<'audited' | 'off', { name: string; n: number; p50: number; p95: number }>;
  p95Ratio: number;
  calls: { audited: number; off: number };
  /** DynamoDB calls per call by operation (TransactWriteItems, GetItem, …). */
  callsByOperation: { audited: Record<string, number>; off: Record<string, number> };
  verdict: 'PASS' | 'FAIL';
  timedOut: boolean;
}

export async function benchAuditTrail(): Promise<AuditTrailFigures> {
  process.env.LOG_LEVEL = 'silent';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const { startStackProcess } = await import('../../infra/local/stack-process');
  const stack = await startStackProcess({ env: { AUDIT_INTENT_SWEEP_INTERVAL_MS: String(24 * 3_600_000) } });
  try {
    const { info } = stack;
    const authorization = await localSuperAdminAuthorization(info);
    const handler = (await groupHandler('merchants', info)) as GroupHandler;
    const merchantId = info.users.find((u) => u.role === 'NEBULARMERCHANTADMIN')!.merchantIds[0]!;
    let n = 0;
    const save = async () => {
      // A value that changes on every call, so that each one records a change.
      const body = JSON.stringify({
        deviceAssociationPin: '12345678',
        maximumRefund: 5000 + (n++ % 1000),
        peripheralEventsFrequencyMinutes: 60,
        scheduledAuditFrequencyHours: 24,
        minimumSignalLevel: 45,
        auditControlHours: 48,
        unlockCloudCreditHours: 24,
        pricesSync: 'AFTER_AUDIT',
      });
      const path = `/merchants/${merchantId}/settings`;
      const event = {
        version: '2.0',
        routeKey: 'PUT /api/v1/merchants/{id}/settings',
        rawPath: `/api/v1${path}`,
        rawQueryString: '',
        headers: { authorization, 'content-type': 'application/json', 'user-agent': 'bench' },
        pathParameters: { id: merchantId },
        requestContext: { requestId: `bench-${n}`, http: { method: 'PUT', path: `/api/v1${path}`, sourceIp: '127.0.0.1', userAgent: 'bench' } },
        body,
        isBase64Encoded: false,
      };
      const res = await handler(event as never, {} as never);
      if (res.statusCode !== 200) throw new Error(`PUT ${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    };
    const withTrail = (on: boolean) => async () => {
      if (on) delete process.env.AUDIT_TRAIL;
      else process.env.AUDIT_TRAIL = 'off';
      await save();
    };
    const ops = { audited: withTrail(true), off: withTrail(false) };
    const counted = { audited: await dynamoCallsPer(info, ops.audited, 20), off: await dynamoCallsPer(info, ops.off, 20) };
    const calls = { audited: counted.audited.perRequest, off: counted.off.perRequest };
    const callsByOperation = { audited: counted.audited.byOperation, off: counted.off.byOperation };
    const series: Record<'audited' | 'off', Series> = {
      audited: { name: 'PUT settings, audited', ms: [] },
      off: { name: 'PUT settings, auditing off', ms: [] },
    };
    const { timedOut } = await interleave(series, ops, { requests: REQUESTS, batch: 10, warmup: 20, deadlineMs: 120_000 });
    delete process.env.AUDIT_TRAIL;
    const stats = (s: Series) => ({ name: s.name, n: s.ms.length, p50: round(percentile(s.ms, 50)), p95: round(percentile(s.ms, 95)) });
    const figures = { audited: stats(series.audited), off: stats(series.off) };
    const p95Ratio = round(figures.audited.p95 / figures.off.p95, 3);
    return { series: figures, p95Ratio, calls, callsByOperation, verdict: p95Ratio <= AUDIT_TRAIL_BUDGET.p95Ratio ? 'PASS' : 'FAIL', timedOut };
  } finally {
    await stack.stop();
  }
}

export function printAuditTrail(f: AuditTrailFigures, table: (headers: string[], rows: Array<Array<string | number>>) => string): void {
  console.log(
    table(
      ['series', 'n', 'p50 ms', 'p95 ms'],
      Object.values(f.series).map((s) => [s.name, s.n, s.p50, s.p95]),
    ),
  );
  const byOperation = (ops: Record<string, number>) =>
    Object.entries(ops)
      .map(([op, n]) => `${op} ${Math.round(n * 100) / 100}`)
      .join(', ');
  console.log(
    `   audited / off p95: ${f.p95Ratio}× (budget ≤ ${AUDIT_TRAIL_BUDGET.p95Ratio}×) ${f.verdict}; DynamoDB calls per call: ${f.calls.audited} audited, ${f.calls.off} off${f.timedOut ? '; STOPPED AT THE TIME LIMIT' : ''}`,
  );
  console.log(`   calls per call by operation: audited ${byOperation(f.callsByOperation.audited)}; off ${byOperation(f.callsByOperation.off)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchAuditTrail();
  printAuditTrail(figures, (headers, rows) => [headers, ...rows].map((r) => r.join(' | ')).join('\n'));
  process.exit(figures.verdict === 'PASS' ? 0 : 1);
}
