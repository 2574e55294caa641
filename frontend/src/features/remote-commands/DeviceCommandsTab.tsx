import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { RemoteCommand } from '#schemas/remote-command';
import { useDataTable } from '../../components/data-table/use-data-table';
import { usePosCommandPage } from './api/get-pos-command-page';
import { CommandsTable, DEFAULT_SORT, useCommandColumns } from './components/CommandsTable';
import { useMayCall } from '../../components/use-may-call';
import './remote-commands.css';

/** /devices/{serial}/remote-commands (all roles): the machine's commands with live status; senders get the wizard and cancel. */
export function DeviceCommandsTab() {
  const serial = useParams().id ?? '';
  const sends = useMayCall('remoteCommands.send');
  const columns = useCommandColumns(false, sends);
  const table = useDataTable<RemoteCommand>({ tableId: 'device-remote-commands', columns, defaultSort: DEFAULT_SORT });
  const page = usePosCommandPage(serial, table.query);
  return (
    <div className="device-tab" data-testid="device-remote-commands">
      {sends && (
        <div className="device-tab__actions">
          <Link to={`/devices/remote-commands?serial=${encodeURIComponent(serial)}`} className="button button--primary" data-testid="device-command-new">
            <FormattedMessage id="remoteCommands.new" />
          </Link>
        </div>
      )}
      <CommandsTable table={table} result={page} />
    </div>
  );
}
