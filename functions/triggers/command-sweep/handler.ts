/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): sends scheduled remote commands
 * whose time has come, publishes unanswered ones again (at most COMMAND_MAX_ATTEMPTS times, then result -1)
 * and expires acknowledged ones without a result after COMMAND_EXPIRE_AFTER_SECONDS (result -2). The
 * event's `time` is the sweep's "now".
 */
import { sweepCommands, type CommandSweepOutcome, type DeliveryDeps } from '../../core/remote-commands/delivery';
import { METRIC } from '../../runtime/metrics';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { trigger } from '../trigger';
import { deps as commandSweepDeps } from './deps';

export const commandSweepHandler = (deps: () => DeliveryDeps = commandSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}, { metrics }): Promise<CommandSweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const outcome = await sweepCommands(at === undefined ? base : { ...base, now: () => new Date(at).toISOString() });
    if (outcome.sent + outcome.expired + outcome.retriesExceeded + outcome.failed > 0) base.log?.('info', 'command sweep', { ...outcome });
    metrics.count(METRIC.commandsSent, outcome.sent);
    metrics.count(METRIC.commandPublishFailures, outcome.failed);
    metrics.countBy(METRIC.commandsFinished, { result: 'retriesExceeded' }, outcome.retriesExceeded);
    metrics.countBy(METRIC.commandsFinished, { result: 'expired' }, outcome.expired);
    return outcome;
  });

export const handler = commandSweepHandler();
