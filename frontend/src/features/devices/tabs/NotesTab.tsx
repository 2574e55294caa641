import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import type { PosNote } from '#schemas/pos';
import { DataTable } from '../../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';
import { formatDateTime } from '../../../lib/format';
import { useNotePage } from '../api/get-note-page';
import { deviceErrorMessageId } from '../messages';
import { devicePath } from '../pos-labels';

const DEFAULT_SORT = { ord: 'creationDate', ordType: 'desc' } as const;

/** /devices/{serial}/notes: the machine's notes, newest first; a note is added at notes/create. */
export function NotesTab() {
  const intl = useIntl();
  const serial = useParams().id ?? '';
  const columns = useMemo<Column<PosNote>[]>(
    () => [
      { id: 'creationDate', messageId: 'devices.note.creationDate', ord: 'creationDate', value: (n) => formatDateTime(n.creationDate, intl.locale) },
      { id: 'createdBy', messageId: 'devices.note.createdBy', value: (n) => n.createdBy },
      { id: 'note', messageId: 'devices.note.note', value: (n) => n.note, render: (n) => <span className="note-text">{n.note}</span> },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'device-notes', columns, defaultSort: DEFAULT_SORT });
  const page = useNotePage(serial, table.query);
  return (
    <div className="device-tab" data-testid="device-notes">
      <div className="device-tab__actions">
        <Link to={devicePath(serial, 'notes/create')} className="button button--primary" data-testid="device-note-create">
          <FormattedMessage id="devices.note.create" />
        </Link>
      </div>
      <DataTable table={table} result={page} rowKey={(n) => n.id} emptyMessageId="devices.note.empty" errorMessageId={deviceErrorMessageId} />
    </div>
  );
}
