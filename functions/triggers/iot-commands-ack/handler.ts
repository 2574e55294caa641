/**
 * IoT rule `vend/+/commands/ack` (one invocation per message): a device's acknowledgement of a remote
 * command moves it to running or ends it with the device's result. An ack that does not validate, or
 * names another machine than its topic, is logged and dropped (it can change no command).
 */
import * as z from 'zod/mini';
import { CommandAckMessage } from '#schemas/iot';
import { COMMAND_RESULT } from '#schemas/remote-command';
import { acknowledgeCommand, type AckDeps, type AckOutcome } from '../../core/remote-commands/delivery';
import { topicSerial } from '../../core/ingestion/validation';
import { logger } from '../../runtime/logger';
import { METRIC } from '../../runtime/metrics';
import { trigger } from '../trigger';
import { deps as commandAckDeps } from './deps';

const RESULT_NAMES = new Map<number, string>(Object.entries(COMMAND_RESULT).map(([name, value]) => [value, name]));
/** The `result` dimension of CommandsFinished: the spec name of a command result (success, expired, …). */
export const commandResultName = (result: number) => RESULT_NAMES.get(result) ?? String(result);

export const commandsAckHandler = (deps: () => AckDeps = commandAckDeps) =>
  trigger(async (event: Record<string, unknown>, { metrics }): Promise<AckOutcome> => {
    const { topic, receivedAt: _, ...message } = event;
    const parsed = z.safeParse(CommandAckMessage, message);
    const d = deps();
    if (!parsed.success || topicSerial(String(topic), 'commands/ack') !== parsed.data.serial) {
      d.log?.('warn', 'command acknowledgement dropped', { topic, issues: parsed.error?.issues.slice(0, 3) });
      metrics.count(METRIC.commandAcksIgnored);
      return 'ignored';
    }
    const outcome = await acknowledgeCommand(d, parsed.data);
    const { commandId, result } = parsed.data.payload;
    if (outcome === 'ignored') metrics.count(METRIC.commandAcksIgnored);
    if (outcome === 'finished' && result !== undefined) metrics.countBy(METRIC.commandsFinished, { result: commandResultName(result) });
    logger.info('command acknowledgement', { serial: parsed.data.serial, commandId, outcome, result });
    return outcome;
  });

export const handler = commandsAckHandler();
