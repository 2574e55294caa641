/**
 * Scheduled exports: a merchant's subscriptions make a historical data request every day, week or month for the
 * period just ended in the merchant's time zone, exactly like a manual one. A sweep (every minute) runs the due ones.
 */
import { createHash } from 'node:crypto';
import type { Frequency, Subscription, SubscriptionCreate } from '#schemas/historical-data';
import { MAX_SUBSCRIPTIONS } from '#schemas/historical-data-constants';
import type { MerchantRepository } from '../merchants/ports';
import { getMerchant } from '../merchants/use-cases';
import { DomainError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { timeOrderedId } from '../shared/time-ordered-id';
import { addDays, addMonths, dayIn, dayStart, firstOfMonth, weekdayOf } from '../shared/zoned-time';
import { SubscriptionNotFoundException, TooManySubscriptionsException } from './errors';
import type { SubscriptionRepository } from './ports';
import { makeRequest, type DataRequestDeps } from './requests';
import { recordChange } from '../audit/change-recorder';

export interface SubscriptionDeps {
  merchants: Pick<MerchantRepository, 'get'>;
  subscriptions: SubscriptionRepository;
  now: () => string;
}

/** The day (merchant's zone) of a subscription's first run: the start of the first period after today. */
export function firstRunDay(frequency: Frequency, today: string): string {
  if (frequency === 'daily') return addDays(today, 1);
  if (frequency === 'weekly') return addDays(today, 7 - weekdayOf(today));
  return addMonths(firstOfMonth(today), 1);
}

/**
 * The period a run on `runDay` exports (the one that just ended: yesterday, last Monday–Sunday, last month) and the
 * day of the next run. A weekly run day is a Monday and a monthly one the 1st (firstRunDay made them so).
 */
export function periodBefore(frequency: Frequency, runDay: string): { startDate: string; endDate: string; nextRunDay: string } {
  const endDate = addDays(runDay, -1);
  if (frequency === 'daily') return { startDate: endDate, endDate, nextRunDay: addDays(runDay, 1) };
  if (frequency === 'weekly') return { startDate: addDays(runDay, -7), endDate, nextRunDay: addDays(runDay, 7) };
  return { startDate: addMonths(runDay, -1), endDate, nextRunDay: addMonths(runDay, 1) };
}

export async function createSubscription(deps: SubscriptionDeps, principal: Principal, merchantId: string, body: SubscriptionCreate): Promise<Subscription> {
  const merchant = await getMerchant(deps, principal, merchantId);
  const now = deps.now();
  const subscription: Subscription = {
    id: timeOrderedId(now),
    merchantId,
    dataType: body.dataType,
    frequency: body.frequency,
    createdAt: now,
    createdBy: principal.email,
    nextRunAt: dayStart(firstRunDay(body.frequency, dayIn(merchant.timezone, now)), merchant.timezone),
    lastRunAt: null,
    lastRequestId: null,
    lastError: null,
  };
  if ((await deps.subscriptions.create(subscription, MAX_SUBSCRIPTIONS)) === 'tooMany') throw new TooManySubscriptionsException(MAX_SUBSCRIPTIONS);
  recordChange('dataSubscription', subscription.id, undefined, subscription);
  return subscription;
}

export async function listSubscriptions(deps: SubscriptionDeps, principal: Principal, merchantId: string): Promise<{ items: Subscription[] }> {
  await getMerchant(deps, principal, merchantId);
  return { items: await deps.subscriptions.list(merchantId) };
}

export async function deleteSubscription(deps: SubscriptionDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  await getMerchant(deps, principal, merchantId);
  const before = (await deps.subscriptions.list(merchantId)).find((s) => s.id === id);
  if (!(await deps.subscriptions.remove(merchantId, id))) throw new SubscriptionNotFoundException();
  recordChange('dataSubscription', id, before ?? { id }, undefined);
}

export interface SubscriptionSweepDeps extends SubscriptionDeps, Pick<DataRequestDeps, 'dataRequests' | 'workflows'> {
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}

export interface SubscriptionSweepOutcome {
  /** Runs that made their request. */
  made: number;
  /** Runs recorded with lastError (e.g. TooManyActiveDataRequestsException). */
  refused: number;
  /** Runs that could not be recorded (tried again next sweep). */
  failed: number;
}

/** Most subscriptions one sweep runs; the rest wait a minute. */
const SWEEP_BATCH = 200;

/** A run's request id: its scheduled time and its subscription, so a run made twice (two sweeps) makes one request. */
const runRequestId = (s: Subscription) => timeOrderedId(s.nextRunAt, createHash('sha256').update(s.id).digest('hex').slice(0, 12));

async function runSubscription(deps: SubscriptionSweepDeps, s: Subscription, now: string): Promise<'made' | 'refused'> {
  const merchant = await deps.merchants.get(s.merchantId);
  if (!merchant) throw new Error(`merchant ${s.merchantId} of subscription ${s.id} not found`);
  const period = periodBefore(s.frequency, dayIn(merchant.timezone, s.nextRunAt));
  const input = {
    dataType: s.dataType as SubscriptionCreate['dataType'],
    startDate: period.startDate,
    endDate: period.endDate,
    createdBy: s.createdBy,
    subscriptionId: s.id,
    id: runRequestId(s),
  };
  let run: Pick<Subscription, 'lastRequestId' | 'lastError'>;
  try {
    run = { lastRequestId: (await makeRequest(deps, merchant, input)).id, lastError: null };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    run = { lastRequestId: null, lastError: error.code };
  }
  await deps.subscriptions.recordRun(s, { ...run, lastRunAt: now, nextRunAt: dayStart(period.nextRunDay, merchant.timezone) });
  return run.lastError ? 'refused' : 'made';
}

/** Runs every due subscription; one that fails is logged and tried again by the next sweep, the others go on. */
export async function sweepSubscriptions(deps: SubscriptionSweepDeps): Promise<SubscriptionSweepOutcome> {
  const now = deps.now();
  const outcome: SubscriptionSweepOutcome = { made: 0, refused: 0, failed: 0 };
  for (const s of await deps.subscriptions.due(now, SWEEP_BATCH)) {
    try {
      outcome[await runSubscription(deps, s, now)]++;
    } catch (error) {
      outcome.failed++;
      deps.log?.('error', 'subscription run failed', { merchantId: s.merchantId, subscriptionId: s.id, error });
    }
  }
  return outcome;
}
