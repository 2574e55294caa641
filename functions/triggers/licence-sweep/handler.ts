/**
 * Scheduled (EventBridge every minute in AWS; a timer locally): mails the licences sent since the last run, warns the
 * clients of demos about to end and expires the demos past their last day (core/licences/sweep.ts). The event's `time`
 * is the sweep's "now".
 */
import { sweepLicenses, type LicenseSweepDeps, type LicenseSweepOutcome } from '../../core/licences/sweep';
import { logger } from '../../runtime/logger';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as licenseSweepDeps } from './deps';

export const licenseSweepHandler = (deps: () => LicenseSweepDeps = licenseSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}): Promise<LicenseSweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepLicenses(at === undefined ? base : { ...base, now: () => new Date(at).toISOString() });
    if (outcome.mailed || outcome.warned || outcome.expired) logger.info('licence sweep', { ...outcome });
    return outcome;
  });

export const handler = licenseSweepHandler();
