/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): sends scheduled remote commands
 * whose time has come, publishes unanswered ones again (at most COMMAND_MAX_ATTEMPTS times, then result -1)
 * and expires acknowledged ones without a result after COMMAND_EXPIRE_AFTER_SECONDS (result -2). The
 * event's `time` is the sweep's "now".
 */
import { sweepCommands, type CommandSweepOutcome, type DeliveryDeps } from '../core/remote-commands/delivery';
import { commandSweepDeps } from '../shared/remote-commands';
import type { ScheduledEventLike } from './connection-sweep';

export function commandSweepHandler(deps: () => DeliveryDeps = commandSweepDeps) {
  return async (event: ScheduledEventLike = {}): Promise<CommandSweepOutcome> => {
    const base = deps();
    const at = event.time ? Date.parse(event.time) : NaN;
    const outcome = await sweepCommands(Number.isFinite(at) ? { ...base, now: () => new Date(at).toISOString() } : base);
    if (outcome.sent + outcome.expired + outcome.retriesExceeded + outcome.failed > 0) base.log?.('info', 'command sweep', { ...outcome });
    return outcome;
  };
}

export const handler = commandSweepHandler();
