import type { Context } from 'aws-lambda';
import { DomainError } from '../core/shared/domain-error';
import { logger } from '../runtime/logger';
import { METRIC, type OperatorMetrics } from '../runtime/metrics';

/** The route group a function serves, from its name: `vend-<stage>-api-<group>`, in AWS and in the local stack. */
export function routeGroupOf(functionName: string | undefined, stage = process.env.STAGE ?? 'local'): string {
  const prefix = `vend-${stage}-api-`;
  return functionName?.startsWith(prefix) ? functionName.slice(prefix.length) : functionName || 'unknown';
}

export interface RequestRecord {
  /** The manifest route's id; absent when no route matched. */
  routeId?: string;
  method: string;
  status: number;
  durationMs: number;
  error?: unknown;
}

/**
 * One line per API request — route id, method, status, duration; the correlation id and Lambda request id
 * come with every line of the invocation — never headers or bodies. 5xx at error level with the error,
 * 4xx at info with the answer's code. Counts the request and its 4xx/5xx for the function's route group.
 */
export function recordRequest(metrics: OperatorMetrics, context: Partial<Context>, r: RequestRecord): void {
  const fields = { routeId: r.routeId, method: r.method, status: r.status, durationMs: r.durationMs };
  if (r.status >= 500) logger.error('request failed', { ...fields, error: r.error });
  else if (r.status >= 400) logger.info('request', { ...fields, code: r.error instanceof DomainError ? r.error.code : undefined });
  else logger.info('request', fields);
  metrics.dimension('group', routeGroupOf(context.functionName));
  metrics.count(METRIC.apiRequests);
  if (r.status >= 500) metrics.count(METRIC.api5xx);
  else if (r.status >= 400) metrics.count(METRIC.api4xx);
  metrics.flush();
}
