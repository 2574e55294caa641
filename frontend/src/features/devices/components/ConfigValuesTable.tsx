import { useMemo } from 'react';
import type { ConfigValues } from '#schemas/pos-config';
import type { Page } from '#schemas/paging';
import { DataTable } from '../../../components/data-table/DataTable';
import { SearchFilter } from '../../../components/data-table/SearchFilter';
import type { PageQuery } from '../../../components/data-table/table-state';
import { useDataTable, type Column } from '../../../components/data-table/use-data-table';

interface Row {
  key: string;
  value: string;
}

const COLUMNS: Column<Row>[] = [
  { id: 'key', messageId: 'devices.configs.key', ord: 'key', value: (r) => r.key },
  { id: 'value', messageId: 'devices.configs.value', value: (r) => r.value },
];
const DEFAULT_SORT = { ord: 'key', ordType: 'asc' } as const;

/** The rows a search keeps (name or value, case-insensitive), sorted by name. */
function matchingRows(values: ConfigValues, query: PageQuery): Row[] {
  const search = String(query.search ?? '').toLowerCase();
  const rows = Object.entries(values)
    .map(([key, value]) => ({ key, value }))
    .filter((r) => !search || r.key.toLowerCase().includes(search) || r.value.toLowerCase().includes(search))
    .sort((a, b) => a.key.localeCompare(b.key));
  return query.ordType === 'desc' ? rows.reverse() : rows;
}

/**
 * A configuration's name → value pairs in the shared data table. The whole configuration is already
 * loaded (at most 500 values), so paging, search and sorting happen here rather than on the server.
 */
export function ConfigValuesTable({
  tableId,
  values,
  onRefresh,
  testId,
}: {
  tableId: string;
  values: ConfigValues;
  onRefresh: () => Promise<unknown>;
  testId: string;
}) {
  const table = useDataTable({ tableId, columns: COLUMNS, defaultSort: DEFAULT_SORT });
  const { query } = table;
  const rows = useMemo(() => matchingRows(values, query), [values, query]);
  const data = useMemo<Page<Row>>(() => {
    const start = (query.page - 1) * query.size;
    return { items: rows.slice(start, start + query.size), page: query.page, size: query.size, total: rows.length };
  }, [rows, query]);
  return (
    <div data-testid={testId}>
      <DataTable
        table={table}
        result={{ data, isLoading: false, isValidating: false, mutate: onRefresh }}
        rowKey={(r) => r.key}
        emptyMessageId="devices.configs.noValues"
        filters={<SearchFilter table={table} field="search" messageId="devices.configs.search" />}
        exportRows={() => Promise.resolve(rows)}
      />
    </div>
  );
}
