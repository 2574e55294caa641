/**
 * Every trigger's Lambda handler is made here: an invocation starts its log lines (its Lambda context, no keys left
 * from the one before) and writes its metrics once at its end, whatever happens.
 */
import type { Context } from 'aws-lambda';
import { logger } from '../runtime/logger';
import { OperatorMetrics } from '../runtime/metrics';

export interface Invocation {
  /** This function's counts; written at the end of the invocation. */
  metrics: OperatorMetrics;
  /** The Lambda context (absent when a test or the local stack calls the handler without one). */
  context?: Partial<Context>;
}

/** A trigger's Lambda handler; one whose event may be absent (the sweeps') can be called without one. */
export type TriggerHandler<E, R> = (
  ...args: undefined extends E ? [event?: E, context?: Partial<Context>] : [event: E, context?: Partial<Context>]
) => Promise<R>;

export function trigger<E, R>(work: (event: E, invocation: Invocation) => Promise<R>): TriggerHandler<E, R> {
  const metrics = new OperatorMetrics();
  const handler = async (event: E, context?: Partial<Context>): Promise<R> => {
    logger.startInvocation(context);
    return metrics.around(() => work(event, { metrics, context }));
  };
  return handler as TriggerHandler<E, R>;
}
