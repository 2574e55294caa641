/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): sends scheduled remote commands
 * whose time has come, publishes unanswered ones again (at most COMMAND_MAX_ATTEMPTS times, then result -1)
 * and expires acknowledged ones without a result after COMMAND_EXPIRE_AFTER_SECONDS (result -2). The
 * event's `time` is the sweep's "now".
 */
import type { Context } from 'aws-lambda';
import { sweepCommands, type CommandSweepOutcome, type DeliveryDeps } from '../core/remote-commands/delivery';
import { logger } from '../runtime/logger';
import { METRIC, OperatorMetrics } from '../runtime/metrics';
import { commandSweepDeps } from '../shared/remote-commands';
import type { ScheduledEventLike } from './connection-sweep';

export function commandSweepHandler(deps: () => DeliveryDeps = commandSweepDeps) {
  const metrics = new OperatorMetrics();
  return async (event: ScheduledEventLike = {}, context?: Context): Promise<CommandSweepOutcome> => {
    logger.startInvocation(context);
    return metrics.around(async () => {
      const base = deps();
      const at = event.time ? Date.parse(event.time) : NaN;
      const outcome = await sweepCommands(Number.isFinite(at) ? { ...base, now: () => new Date(at).toISOString() } : base);
      if (outcome.sent + outcome.expired + outcome.retriesExceeded + outcome.failed > 0) base.log?.('info', 'command sweep', { ...outcome });
      metrics.count(METRIC.commandsSent, outcome.sent);
      metrics.count(METRIC.commandPublishFailures, outcome.failed);
      metrics.countBy(METRIC.commandsFinished, { result: 'retriesExceeded' }, outcome.retriesExceeded);
      metrics.countBy(METRIC.commandsFinished, { result: 'expired' }, outcome.expired);
      return outcome;
    });
  };
}

export const handler = commandSweepHandler();
