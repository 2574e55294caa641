import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Transaction } from '#schemas/transaction';
import { DataTable } from '../../components/data-table/DataTable';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type DataTableModel } from '../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../components/data-table/DateRangeFilter';
import { presetRange } from '../../components/date-range/presets';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useTransactionColumns } from '../../components/transactions/transaction-columns';
import { useFormat } from '../../lib/format';
import { useGroupsOfMerchants } from '../../lib/resources/get-merchant-groups';
import { useMerchantMachines } from '../../lib/resources/get-merchant-machines';
import { useMerchantProducts } from '../../lib/resources/get-merchant-products';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { labelOr, MEDIA_TYPE_MESSAGES, SOURCE_TYPE_MESSAGES, TRANSACTION_TYPE_MESSAGES } from '../../lib/transaction-labels';
import { exportTransactionsCsv } from './api/export-transactions-csv';
import { useTransactionPage } from './api/get-transaction-page';
import { useTransactionsUsed } from './api/get-transactions-used';
import { ValueRangeFilter } from './components/ValueRangeFilter';
import { CSV_CAP, isPastTheCap, transactionErrorMessageId } from './messages';
import { useMayCall } from '../../components/use-may-call';
import './transactions.css';
import { useFeature } from '../../lib/resources/use-feature';

const DEFAULT_SORT = { ord: 'createdAt', ordType: 'desc' } as const;
const DATA_REQUEST = '/manage/data-retrieval-requests-create';

/**
 * /transactions/data (all roles): the transactions of the merchant picked in the app bar (a group admin's groups'
 * machines only), newest first, with the filters of issue 20 kept in the table state, and the API's CSV.
 */
export function TransactionsPage() {
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="transactions.title" />} testId="transactions-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="transactions.chooseMerchant">
        {(merchantId) => <TransactionsTable key={merchantId} merchantId={merchantId} currency={merchant!.currency} />}
      </ForOneMerchant>
    </Page>
  );
}

function TransactionsTable({ merchantId, currency }: { merchantId: string; currency: string }) {
  // Without TRANSACTIONS_DETAILS the detail columns are absent (README "Merchant features").
  const details = useFeature('TRANSACTIONS_DETAILS').enabled;
  const columns = useTransactionColumns({ withMachine: true, details });
  // The list reads a bounded range: it starts on the last 7 days.
  const defaultFilter = useMemo(() => ({ ...presetRange('last7Days') }), []);
  const table = useDataTable<Transaction>({ tableId: 'transactions', columns, defaultSort: DEFAULT_SORT, defaultFilter });
  const page = useTransactionPage(merchantId, table.query);
  const [pastTheCap, setPastTheCap] = useState(false);
  const { query } = table;
  const filterKey = JSON.stringify(table.state.filter);
  useEffect(() => setPastTheCap(false), [filterKey]);
  const exportFile = useCallback(async () => {
    try {
      return await exportTransactionsCsv(merchantId, query);
    } catch (error) {
      if (isPastTheCap(error)) setPastTheCap(true);
      throw error;
    }
  }, [merchantId, query]);

  return (
    <>
      {pastTheCap && <PastTheCap />}
      <DataTable
        table={table}
        result={page}
        rowKey={(t) => t.id}
        emptyMessageId="transactions.empty"
        exportFile={exportFile}
        errorMessageId={transactionErrorMessageId}
        filters={<TransactionFilters table={table} merchantId={merchantId} currency={currency} />}
      />
    </>
  );
}

/** The export matched more rows than a CSV answer holds: narrow the filters, or (administrators) request the historical data. */
function PastTheCap() {
  // Historical data requests are the administrators' (spec §2).
  const canRequest = useMayCall('historicalData.create');
  const format = useFormat();
  return (
    <section className="card state state--error transactions-cap" role="alert" data-testid="transactions-past-cap">
      <p>
        <FormattedMessage id="transactions.pastTheCap" values={{ max: format.number(CSV_CAP) }} />
      </p>
      <p>
        {canRequest ? (
          <Link to={DATA_REQUEST} className="button button--secondary" data-testid="transactions-data-request">
            <FormattedMessage id="transactions.pastTheCap.request" />
          </Link>
        ) : (
          <FormattedMessage id="transactions.pastTheCap.askAdmin" />
        )}
      </p>
    </section>
  );
}

function TransactionFilters({ table, merchantId, currency }: { table: DataTableModel<Transaction>; merchantId: string; currency: string }) {
  const intl = useIntl();
  // A merchant user reads no groups (spec §2).
  const readsGroups = useMayCall('groups.list');
  const groups = useGroupsOfMerchants(readsGroups ? [merchantId] : []);
  const machines = useMerchantMachines(merchantId);
  const products = useMerchantProducts(merchantId);
  const used = useTransactionsUsed(merchantId);
  const message = (id: string) => intl.formatMessage({ id });
  const labelled = (values: readonly number[] | undefined, messages: Partial<Record<number, string>>) =>
    (values ?? []).map((v) => ({ value: String(v), label: `${v} · ${labelOr(messages[v], v, message)}` }));

  return (
    <>
      <DateRangeFilter table={table} testId="transactions-range" />
      <SelectFilter
        table={table}
        field="serials"
        messageId="transactions.field.machine"
        allLabel={message('transactions.filter.allMachines')}
        options={(machines.data ?? []).map((m) => ({ value: m.serial, label: `${m.name} · ${m.serial}` }))}
      />
      {readsGroups && (
        <SelectFilter
          table={table}
          field="groupId"
          messageId="transactions.field.group"
          allLabel={message('transactions.filter.allGroups')}
          options={(groups.data?.[merchantId] ?? []).map((g) => ({ value: g.id, label: g.name }))}
        />
      )}
      <SelectFilter
        table={table}
        field="type"
        messageId="transactions.field.type"
        allLabel={message('transactions.filter.allTypes')}
        options={labelled(used.data?.types, TRANSACTION_TYPE_MESSAGES)}
      />
      <SelectFilter
        table={table}
        field="mediaType"
        messageId="transactions.field.mediaType"
        allLabel={message('transactions.filter.allMediaTypes')}
        options={labelled(used.data?.mediaTypes, MEDIA_TYPE_MESSAGES)}
      />
      <SelectFilter
        table={table}
        field="sourceType"
        messageId="transactions.field.sourceType"
        allLabel={message('transactions.filter.allSourceTypes')}
        options={labelled(used.data?.sourceTypes, SOURCE_TYPE_MESSAGES)}
      />
      <SelectFilter
        table={table}
        field="productCode"
        messageId="transactions.field.product"
        allLabel={message('transactions.filter.allProducts')}
        options={(products.data ?? []).map((p) => ({ value: p.code, label: `${p.name} · ${p.code}` }))}
      />
      <ValueRangeFilter table={table} currency={currency} />
    </>
  );
}
