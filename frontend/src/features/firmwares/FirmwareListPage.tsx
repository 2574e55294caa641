import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Firmware } from '#schemas/firmware';
import { DataTable } from '../../components/data-table/DataTable';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { CrudListPage } from '../../components/crud/CrudListPage';
import { formatBytes, formatCalendarDay } from '../../lib/format';
import { useFirmwarePage } from './api/get-firmware-page';
import { firmwareErrorMessageId, firmwarePath } from './messages';

const DEFAULT_SORT = { ord: 'deviceType', ordType: 'asc' } as const;

/** /admin/firmwares: the firmware catalogue by device type and version (super admin). */
export function FirmwareListPage() {
  const intl = useIntl();
  const columns = useMemo<Column<Firmware>[]>(
    () => [
      {
        id: 'version',
        messageId: 'firmwares.field.version',
        value: (f) => f.version,
        render: (f) => (
          <Link to={firmwarePath(f.id)} data-testid="firmware-link">
            {f.version}
          </Link>
        ),
      },
      { id: 'deviceType', messageId: 'firmwares.field.deviceType', ord: 'deviceType', value: (f) => f.deviceType },
      { id: 'level', messageId: 'firmwares.field.level', value: (f) => intl.formatMessage({ id: `firmwares.level.${f.level}` }) },
      { id: 'releaseDate', messageId: 'firmwares.field.releaseDate', value: (f) => formatCalendarDay(f.releaseDate, intl.locale) },
      { id: 'file', messageId: 'firmwares.field.file', value: (f) => f.file.fileName },
      { id: 'size', messageId: 'firmwares.field.size', value: (f) => formatBytes(f.file.size, intl.locale) },
      { id: 'rules', messageId: 'firmwares.field.rules', value: (f) => String(f.rules) },
    ],
    [intl],
  );
  const table = useDataTable({ tableId: 'admin-firmwares', columns, defaultSort: DEFAULT_SORT });
  const page = useFirmwarePage(table.query);
  return (
    <CrudListPage
      scope="platform"
      titleId="firmwares.list.title"
      testId="firmware-list-page"
      create={{ route: 'firmwares.create', to: '/admin/firmwares/create', messageId: 'firmwares.create.action', testId: 'firmware-create' }}
    >
      <DataTable table={table} result={page} rowKey={(f) => f.id} emptyMessageId="firmwares.list.empty" errorMessageId={firmwareErrorMessageId} />
    </CrudListPage>
  );
}
