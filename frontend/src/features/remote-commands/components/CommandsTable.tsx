import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { COMMAND_STATUSES, COMMAND_TYPE_NUMBERS, type RemoteCommand, type RemoteCommandType } from '#schemas/remote-command';
import { DataTable, type PageResult } from '../../../components/data-table/DataTable';
import { SelectFilter } from '../../../components/data-table/SelectFilter';
import type { Column, DataTableModel } from '../../../components/data-table/use-data-table';
import { Spinner } from '../../../components/Spinner';
import { useToast } from '../../../components/toasts';
import type { ApiFile } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { cancelCommand } from '../api/cancel-command';
import { isPendingCommand } from '../api/get-command-page';
import { RESULT_MESSAGES, STATUS_MESSAGES, STATUS_TONE, TYPE_MESSAGES } from '../command-labels';
import { commandErrorMessageId } from '../messages';

export const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;

export function StatusBadge({ status }: { status: number }) {
  return (
    <span className={`badge badge--${STATUS_TONE[status] ?? 'neutral'}`} data-command-status={status}>
      <FormattedMessage id={STATUS_MESSAGES[status] ?? 'remoteCommands.status.unknown'} />
    </span>
  );
}

/** The columns of a list of commands; `withDevice` adds the machine (the merchant-wide list). */
export function useCommandColumns(withDevice: boolean, canCancel: boolean): Column<RemoteCommand>[] {
  const intl = useIntl();
  return useMemo(() => {
    const format = (id: string | undefined, fallback: number | null) => (id ? intl.formatMessage({ id }) : fallback === null ? '' : String(fallback));
    const at = (value: string | null) => formatDateTime(value, intl.locale);
    const columns: Column<RemoteCommand>[] = [
      { id: 'createdAt', messageId: 'remoteCommands.field.createdAt', ord: 'createdAt', value: (c) => at(c.createdAt) },
      ...(withDevice
        ? [
            {
              id: 'device',
              messageId: 'remoteCommands.field.device',
              value: (c: RemoteCommand) => `${c.serial} ${c.posName}`,
              render: (c: RemoteCommand) => (
                <Link to={`/devices/${encodeURIComponent(c.serial)}/remote-commands`} data-testid="command-device-link">
                  {c.serial} · {c.posName}
                </Link>
              ),
            },
          ]
        : []),
      { id: 'type', messageId: 'remoteCommands.field.type', value: (c) => format(TYPE_MESSAGES[c.type as RemoteCommandType], c.type) },
      {
        id: 'status',
        messageId: 'remoteCommands.field.status',
        value: (c) => format(STATUS_MESSAGES[c.status], c.status),
        render: (c) => <StatusBadge status={c.status} />,
      },
      { id: 'result', messageId: 'remoteCommands.field.result', value: (c) => (c.result === null ? '' : format(RESULT_MESSAGES[c.result], c.result)) },
      { id: 'message', messageId: 'remoteCommands.field.message', value: (c) => c.message ?? '' },
      { id: 'scheduledAt', messageId: 'remoteCommands.field.scheduledAt', value: (c) => at(c.scheduledAt) },
      { id: 'startAt', messageId: 'remoteCommands.field.startAt', value: (c) => at(c.startAt) },
      { id: 'endAt', messageId: 'remoteCommands.field.endAt', value: (c) => at(c.endAt) },
      { id: 'createdBy', messageId: 'remoteCommands.field.createdBy', value: (c) => c.createdBy },
      ...(canCancel
        ? [{ id: 'actions', messageId: 'remoteCommands.field.actions', value: () => '', render: (c: RemoteCommand) => <CancelButton command={c} /> }]
        : []),
    ];
    return columns;
  }, [intl, withDevice, canCancel]);
}

function CancelButton({ command }: { command: RemoteCommand }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  if (!isPendingCommand(command)) return null;
  async function cancel() {
    setBusy(true);
    try {
      await cancelCommand(command.serial, command.id);
      showToast({ kind: 'success', messageId: 'remoteCommands.cancelled' });
    } catch (error) {
      showToast({ kind: 'error', messageId: commandErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--secondary" onClick={cancel} disabled={busy} data-testid="command-cancel">
      {busy ? <Spinner size="small" /> : <FormattedMessage id="remoteCommands.cancel" />}
    </button>
  );
}

/** A page of commands with the type and status filters; rows carry their id and status for tests and styling. */
export function CommandsTable({
  table,
  result,
  exportFile,
}: {
  table: DataTableModel<RemoteCommand>;
  result: PageResult<RemoteCommand>;
  exportFile?: () => Promise<ApiFile>;
}) {
  const intl = useIntl();
  const typeOptions = COMMAND_TYPE_NUMBERS.map((t) => ({ value: String(t), label: intl.formatMessage({ id: TYPE_MESSAGES[t] }) }));
  const statusOptions = COMMAND_STATUSES.map((s) => ({ value: String(s), label: intl.formatMessage({ id: STATUS_MESSAGES[s]! }) }));
  return (
    <DataTable
      table={table}
      result={result}
      rowKey={(c) => c.id}
      emptyMessageId="remoteCommands.empty"
      errorMessageId={commandErrorMessageId}
      {...(exportFile ? { exportFile } : {})}
      filters={
        <>
          <SelectFilter
            table={table}
            field="type"
            messageId="remoteCommands.field.type"
            allLabel={intl.formatMessage({ id: 'remoteCommands.allTypes' })}
            options={typeOptions}
          />
          <SelectFilter
            table={table}
            field="status"
            messageId="remoteCommands.field.status"
            allLabel={intl.formatMessage({ id: 'remoteCommands.allStatuses' })}
            options={statusOptions}
          />
        </>
      }
    />
  );
}
