import { RemoteCommand } from '#schemas/remote-command';
import { apiRequest } from '../../../lib/api';
import { revalidateCommandLists } from './get-command-page';

/** POST /remote-commands/pos/{serial}/{commandId}/cancel: a pending command ends as cancelled by user. */
export async function cancelCommand(serial: string, commandId: string): Promise<RemoteCommand> {
  const cancelled = await apiRequest(`/remote-commands/pos/${encodeURIComponent(serial)}/${commandId}/cancel`, { method: 'POST', schema: RemoteCommand });
  void revalidateCommandLists();
  return cancelled;
}
