/**
 * Scheduled (EventBridge every minute in AWS; a timer in the local stack): sends scheduled remote commands
 * whose time has come, publishes unanswered ones again (at most COMMAND_MAX_ATTEMPTS times, then result -1)
 * and expires acknowledged ones without a result after COMMAND_EXPIRE_AFTER_SECONDS (result -2). The
 * event's `time` is the sweep's "now".
 */
import { COMMAND_RESULT, COMMAND_STATUS } from '#schemas/remote-command';
import { COMMAND_TYPE_FEATURES } from '../../core/remote-commands/command-features';
import { finishCommand, sweepCommands, type CommandSweepOutcome, type DeliveryDeps } from '../../core/remote-commands/delivery';
import type { RemoteCommandRepository } from '../../core/remote-commands/ports';
import { METRIC } from '../../runtime/metrics';
import { eventTime, type ScheduledEventLike } from '../scheduled';
import { featureCheck, trigger } from '../trigger';
import { deps as commandSweepDeps, feature, type CommandSweepDeps } from './deps';

/**
 * The due commands, less the scheduled ones of the sweep's feature whose merchant has not got it (any more): those end
 * not executed, never sent, saying why.
 */
function withoutUnfeatured(deps: DeliveryDeps, has: (merchantId: string) => Promise<boolean>): RemoteCommandRepository {
  const repository = deps.remoteCommands;
  const due: RemoteCommandRepository['due'] = async (at, limit) => {
    const kept = [];
    for (const c of await repository.due(at, limit)) {
      const ofFeature = c.status === COMMAND_STATUS.scheduled && COMMAND_TYPE_FEATURES[c.type as keyof typeof COMMAND_TYPE_FEATURES] === feature.flag;
      if (!ofFeature || (await has(c.merchantId))) kept.push(c);
      else
        await finishCommand(
          deps,
          c,
          c,
          COMMAND_RESULT.unspecifiedError,
          `The feature ${feature.flag} is not enabled for this distributor`,
          COMMAND_STATUS.notExecuted,
        );
    }
    return kept;
  };
  return Object.assign(Object.create(repository) as RemoteCommandRepository, { due });
}

export const commandSweepHandler = (deps: () => CommandSweepDeps = commandSweepDeps) =>
  trigger(async (event: ScheduledEventLike | undefined = {}, { metrics }): Promise<CommandSweepOutcome> => {
    const base = deps();
    const at = eventTime(event);
    const timed: DeliveryDeps = at === undefined ? base : { ...base, now: () => new Date(at).toISOString() };
    const outcome = await sweepCommands({ ...timed, remoteCommands: withoutUnfeatured(timed, featureCheck(feature, base.merchants, metrics)) });
    if (outcome.sent + outcome.expired + outcome.retriesExceeded + outcome.failed > 0) base.log?.('info', 'command sweep', { ...outcome });
    metrics.count(METRIC.commandsSent, outcome.sent);
    metrics.count(METRIC.commandPublishFailures, outcome.failed);
    metrics.countBy(METRIC.commandsFinished, { result: 'retriesExceeded' }, outcome.retriesExceeded);
    metrics.countBy(METRIC.commandsFinished, { result: 'expired' }, outcome.expired);
    return outcome;
  });

export const handler = commandSweepHandler();
