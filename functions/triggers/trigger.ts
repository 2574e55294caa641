/**
 * Every trigger's Lambda handler is made here: an invocation starts its log lines (its Lambda context, no keys left
 * from the one before) and writes its metrics once at its end, whatever happens.
 */
import type { Context } from 'aws-lambda';
import type { FeatureFlag } from '#schemas/features';
import type { MerchantFeatures } from '../core/merchants/feature-gate';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';

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

/** Work of a trigger that belongs to a merchant feature (its declaration in ./manifest.ts): done only for a merchant with it. */
export interface TriggerFeature {
  flag: FeatureFlag;
  /** Which of the trigger's work it is (the rest is done for every merchant). */
  work: string;
}

/**
 * For one invocation: whether a merchant has the trigger's feature, each merchant read once. A merchant without it has
 * that work skipped by the trigger, counted here as FeatureWorkSkipped (dimension feature); an unknown merchant is not
 * the feature's to refuse (true).
 */
export function featureCheck(feature: TriggerFeature, merchants: MerchantFeatures, metrics: OperatorMetrics): (merchantId: string) => Promise<boolean> {
  const read = new Map<string, Promise<boolean>>();
  return async (merchantId) => {
    let has = read.get(merchantId);
    if (!has) {
      has = merchants.features(merchantId).then((features) => !features || features.includes(feature.flag));
      read.set(merchantId, has);
    }
    const allowed = await has;
    if (!allowed) metrics.countBy(METRIC.featureWorkSkipped, { feature: feature.flag });
    return allowed;
  };
}
