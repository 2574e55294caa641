/**
 * IoT rule `vend/+/commands/ack` (one invocation per message): a device's acknowledgement of a remote
 * command moves it to running or ends it with the device's result. An ack that does not validate, or
 * names another machine than its topic, is logged and dropped (it can change no command).
 */
import * as z from 'zod/mini';
import { CommandAckMessage } from '../../schemas/iot';
import { acknowledgeCommand, type AckDeps, type AckOutcome } from '../core/remote-commands/delivery';
import { topicSerial } from '../core/ingestion/validation';
import { commandAckDeps } from '../shared/remote-commands';

export function commandsAckHandler(deps: () => AckDeps = commandAckDeps) {
  return async (event: Record<string, unknown>): Promise<AckOutcome> => {
    const { topic, receivedAt: _, ...message } = event;
    const parsed = z.safeParse(CommandAckMessage, message);
    const d = deps();
    if (!parsed.success || topicSerial(String(topic), 'commands/ack') !== parsed.data.serial) {
      d.log?.('warn', 'command acknowledgement dropped', { topic, issues: parsed.error?.issues.slice(0, 3) });
      return 'ignored';
    }
    return acknowledgeCommand(d, parsed.data);
  };
}

export const handler = commandsAckHandler();
