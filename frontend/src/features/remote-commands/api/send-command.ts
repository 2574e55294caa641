import { RemoteCommand } from '#schemas/remote-command';
import { apiRequest } from '../../../lib/api';
import { revalidateCommandLists } from './get-command-page';

export interface CommandRequest {
  serial: string;
  type: number;
  params: Record<string, unknown>;
  /** Null: now. */
  scheduledAt: string | null;
}

/**
 * POST /remote-commands/send. `idempotencyKey` is made once per summary shown: sending again after a
 * timeout or a double click answers the command already made instead of a second one.
 */
export async function sendCommand(request: CommandRequest, idempotencyKey: string): Promise<RemoteCommand> {
  const sent = await apiRequest('/remote-commands/send', {
    method: 'POST',
    body: request,
    schema: RemoteCommand,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  void revalidateCommandLists();
  return sent;
}
