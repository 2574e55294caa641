/**
 * Scheduled (EventBridge, every minute in AWS; a timer in the local stack): takes offline the machines
 * whose last ping arrived more than CONNECTION_OFFLINE_AFTER_SECONDS ago, moving the connection counters.
 * The event's `time` is the sweep's "now".
 */
import { sweepConnections, type SweepDeps, type SweepOutcome } from '../../core/ingestion/connection-sweep';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as connectionSweepDeps } from './deps';

export const connectionSweepHandler = (deps: () => SweepDeps = connectionSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}): Promise<SweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepConnections(at === undefined ? base : { ...base, nowMs: () => at });
    if (outcome.wentOffline > 0) base.log?.('info', 'connection sweep', { ...outcome });
    return outcome;
  });

export const handler = connectionSweepHandler();
