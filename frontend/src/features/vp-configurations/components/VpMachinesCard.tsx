import { useMemo } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { VpConfiguration, VpConfigurationPos } from '#schemas/vp-configuration';
import { COMMAND_STATUS } from '#schemas/remote-command';
import { DataTable } from '../../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { useVpPos } from '../api/get-vp-pos';
import { vpErrorMessageId } from '../messages';

const DEFAULT_SORT = { ord: 'serial', ordType: 'asc' } as const;

/** Where the machine is with the version it was sent: running it (as it reports), still pending, or the command failed. */
function stateOf(p: VpConfigurationPos): 'running' | 'pending' | 'failed' | 'other' {
  if (p.runningVersion === p.sentVersion) return 'running';
  if (p.commandStatus === COMMAND_STATUS.scheduled || p.commandStatus === COMMAND_STATUS.running) return 'pending';
  if (p.commandStatus === COMMAND_STATUS.notExecuted || p.commandStatus === COMMAND_STATUS.receivedWithErrors) return 'failed';
  return 'other';
}

/** The machines the configuration was last sent to, and the version each reports it runs. */
export function VpMachinesCard({ configuration: c }: { configuration: VpConfiguration }) {
  const columns = useMemo<Column<VpConfigurationPos>[]>(
    () => [
      {
        id: 'serial',
        messageId: 'vpConfigurations.pos.serial',
        ord: 'serial',
        value: (p) => p.serial,
        render: (p) => <Link to={`/devices/${encodeURIComponent(p.serial)}`}>{p.serial}</Link>,
      },
      { id: 'posName', messageId: 'vpConfigurations.pos.name', value: (p) => p.posName },
      { id: 'sentVersion', messageId: 'vpConfigurations.pos.sentVersion', value: (p) => String(p.sentVersion) },
      {
        id: 'runningVersion',
        messageId: 'vpConfigurations.pos.runningVersion',
        value: (p) => (p.runningVersion === null ? '' : String(p.runningVersion)),
        render: (p) => (p.runningVersion === null ? <FormattedMessage id="vpConfigurations.pos.notReported" /> : String(p.runningVersion)),
      },
      {
        id: 'state',
        messageId: 'vpConfigurations.pos.state',
        value: (p) => stateOf(p),
        render: (p) => <FormattedMessage id={`vpConfigurations.pos.state.${stateOf(p)}`} />,
      },
      {
        id: 'sentAt',
        messageId: 'vpConfigurations.pos.sentAt',
        value: (p) => p.sentAt,
        render: (p) => <FormattedDate value={p.sentAt} dateStyle="short" timeStyle="short" />,
      },
    ],
    [],
  );
  const table = useDataTable({ tableId: 'vp-configuration-pos', columns, defaultSort: DEFAULT_SORT });
  const pos = useVpPos(c.merchantId, c.id, table.query);
  return (
    <section className="card" data-testid="vp-machines">
      <h2>
        <FormattedMessage id="vpConfigurations.pos.title" />
      </h2>
      <DataTable table={table} result={pos} rowKey={(p) => p.serial} emptyMessageId="vpConfigurations.pos.empty" errorMessageId={vpErrorMessageId} />
    </section>
  );
}
