import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Page } from '#schemas/paging';
import { Spinner } from '../Spinner';
import { EmptyState, ErrorState, errorMessageId } from '../states';
import { useToast } from '../toasts';
import type { ApiFile } from '../../lib/api';
import { downloadCsv, saveFile, toCsv } from './csv';
import { AUTO_REFRESH_MS, FIRST_PAGE, PAGE_SIZES, pageCount, pageOptions, pagerRange } from './table-state';
import type { Column, DataTableModel } from './use-data-table';
import './data-table.css';

/** The part of an SWR answer the table reads. */
export interface PageResult<T> {
  data?: Page<T>;
  error?: unknown;
  isLoading: boolean;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

interface DataTableProps<T> {
  table: DataTableModel<T>;
  result: PageResult<T>;
  rowKey: (row: T) => string;
  emptyMessageId: string;
  /** The filter bar (e.g. SearchFilter fields). */
  filters?: ReactNode;
  /** Every row to export, written as CSV with the visible columns; without it (or exportFile) there is no CSV export. */
  exportRows?: () => Promise<T[]>;
  /** The CSV file the API writes for the current filters (an export route), instead of exportRows. */
  exportFile?: () => Promise<ApiFile>;
  /** The feature's message for a failed load or export (its own error codes); the generic mapping otherwise. */
  errorMessageId?: (error: unknown) => string;
}

/** The one list component: server paging, sorting, filters, column chooser, CSV export, auto-refresh. */
export function DataTable<T>({ table, result, rowKey, emptyMessageId, filters, exportRows, exportFile, errorMessageId: featureMessageId }: DataTableProps<T>) {
  const intl = useIntl();
  const { showToast } = useToast();
  const { tableId, columns, state, onPage, setPage } = table;
  const { data, error, isLoading, isValidating, mutate } = result;
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [exporting, setExporting] = useState(false);
  const visible = columns.filter((c) => state.headers.includes(c.id));
  const pages = data ? pageCount(data) : FIRST_PAGE;

  useEffect(() => {
    if (data) onPage(data.page, data.cursor);
  }, [data, onPage]);

  // A remembered page beyond the end (rows were removed meanwhile): show the last one.
  useEffect(() => {
    if (data && data.items.length === 0 && data.page > pages) setPage(pages);
  }, [data, pages, setPage]);

  useEffect(() => {
    if (!autoRefresh) return;
    const timer = setInterval(() => void mutate(), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [autoRefresh, mutate]);

  async function exportCsv() {
    if (!exportRows && !exportFile) return;
    setExporting(true);
    const fileName = `${tableId}-${new Date().toISOString().slice(0, 10)}.csv`;
    try {
      if (exportFile) {
        const file = await exportFile();
        saveFile(file.fileName ?? fileName, file.blob);
      } else if (exportRows) {
        const rows = await exportRows();
        const csvColumns = visible.map((c) => ({ header: intl.formatMessage({ id: c.messageId }), value: c.value }));
        downloadCsv(fileName, toCsv(csvColumns, rows));
      }
    } catch (failure) {
      showToast({ kind: 'error', messageId: (featureMessageId ?? errorMessageId)(failure) });
    } finally {
      setExporting(false);
    }
  }

  let body: ReactNode;
  // Never the previous query's rows under filters whose own load failed (a refused filter, a failed refresh):
  // the rows shown always answer what the filter bar says.
  if (error) body = <ErrorState error={error} messageId={featureMessageId?.(error)} onRetry={() => void mutate()} />;
  else if (isLoading || !data)
    body = (
      <div className="state">
        <Spinner />
      </div>
    );
  else if (data.items.length === 0) body = <EmptyState messageId={emptyMessageId} />;
  else
    body = (
      <div className="table-wrap">
        <table className="table" aria-busy={isValidating}>
          <thead>
            <tr>
              {visible.map((column) => (
                <HeaderCell key={column.id} column={column} table={table} />
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={rowKey(row)} data-row-id={rowKey(row)}>
                {visible.map((column) => (
                  <td key={column.id} data-column={column.id}>
                    {column.render ? column.render(row) : column.value(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card data-table" data-testid={`table-${tableId}`}>
      <div className="data-table__toolbar">
        <div className="data-table__filters">{filters}</div>
        <div className="data-table__tools">
          <label className="data-table__toggle">
            <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} data-testid="table-auto-refresh" />
            <FormattedMessage id="table.autoRefresh" />
          </label>
          <ColumnChooser table={table} />
          {(exportRows || exportFile) && (
            <button type="button" className="button button--secondary" onClick={exportCsv} disabled={exporting} data-testid="table-export">
              {exporting ? <Spinner size="small" /> : <FormattedMessage id="table.export" />}
            </button>
          )}
        </div>
      </div>
      {body}
      {data && data.total > 0 && <Pager table={table} data={data} pages={pages} />}
    </section>
  );
}

function HeaderCell<T>({ column, table }: { column: Column<T>; table: DataTableModel<T> }) {
  const sort = table.state.sortOptions;
  const label = <FormattedMessage id={column.messageId} />;
  if (!column.ord)
    return (
      <th scope="col" data-column={column.id}>
        {label}
      </th>
    );
  const active = sort?.ord === column.ord;
  const direction = active ? sort.ordType : undefined;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" data-column={column.id} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <button type="button" className="data-table__sort" onClick={() => table.setSort({ ord: column.ord!, ordType: next })} data-testid={`sort-${column.id}`}>
        {label}
        <span aria-hidden="true">{direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

function ColumnChooser<T>({ table }: { table: DataTableModel<T> }) {
  const { columns, state, setVisible } = table;
  function toggle(id: string, shown: boolean) {
    setVisible(columns.map((c) => c.id).filter((c) => (c === id ? shown : state.headers.includes(c))));
  }
  return (
    <details className="data-table__columns" data-testid="table-columns">
      <summary className="button button--secondary">
        <FormattedMessage id="table.columns" />
      </summary>
      <fieldset>
        <legend className="visually-hidden">
          <FormattedMessage id="table.columns" />
        </legend>
        {columns.map((column) => {
          const shown = state.headers.includes(column.id);
          return (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={shown}
                // At least one column stays visible.
                disabled={shown && state.headers.length === 1}
                onChange={(e) => toggle(column.id, e.target.checked)}
                data-column={column.id}
              />
              <FormattedMessage id={column.messageId} />
            </label>
          );
        })}
      </fieldset>
    </details>
  );
}

function Pager<T>({ table, data, pages }: { table: DataTableModel<T>; data: Page<T>; pages: number }) {
  const intl = useIntl();
  const { currentPage, itemsPerPage } = table.state;
  const { from, to, total, atLeast } = pagerRange(data, currentPage, itemsPerPage);
  const go = (page: number) => table.setPage(Math.min(pages, Math.max(FIRST_PAGE, page)));
  const nav = (messageId: string, page: number, glyph: string, testId: string, unknown = false) => (
    <button
      type="button"
      className="icon-button"
      onClick={() => go(page)}
      disabled={page === currentPage || page < FIRST_PAGE || page > pages || unknown}
      aria-label={intl.formatMessage({ id: messageId })}
      title={intl.formatMessage({ id: messageId })}
      data-testid={testId}
    >
      {glyph}
    </button>
  );
  return (
    <div className="data-table__pager" data-testid="table-pager">
      <label>
        <FormattedMessage id="table.rowsPerPage" />
        <select value={itemsPerPage} onChange={(e) => table.setPageSize(Number(e.target.value))} data-testid="table-page-size">
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="table-range">
        <FormattedMessage id={atLeast ? 'table.rangeAtLeast' : 'table.range'} values={{ from, to, total }} />
      </span>
      <span className="data-table__pages">
        {nav('table.firstPage', FIRST_PAGE, '«', 'table-first')}
        {nav('table.previousPage', currentPage - 1, '‹', 'table-previous')}
        <label>
          <span className="visually-hidden">
            <FormattedMessage id="table.page" />
          </span>
          <select value={currentPage} onChange={(e) => go(Number(e.target.value))} data-testid="table-page">
            {pageOptions(currentPage, pages).map((page) => (
              <option key={page} value={page}>
                {intl.formatMessage({ id: atLeast ? 'table.pageOfAtLeast' : 'table.pageOf' }, { page, pages })}
              </option>
            ))}
          </select>
        </label>
        {nav('table.nextPage', currentPage + 1, '›', 'table-next')}
        {nav('table.lastPage', pages, '»', 'table-last', atLeast)}
      </span>
    </div>
  );
}
