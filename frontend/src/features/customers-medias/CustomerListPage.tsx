import { useCallback, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CUSTOMER_CONSENTS, type Customer } from '#schemas/customer';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { DateRangeFilter } from '../../components/data-table/DateRangeFilter';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useFormat } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { exportCustomersCsv, useCustomerPage } from './api/get-customer-page';
import { CONSENT_MESSAGES, customerName } from './customer-labels';
import { customerPath } from './media-labels';
import { mediaErrorMessageId } from './messages';
import './customers-medias.css';

const DEFAULT_SORT = { ord: 'registeredAt', ordType: 'desc' } as const;

/**
 * /customers-medias/customers: the people who pay with the merchant's media (registered by the app or the web
 * payment service), newest first, with their medias, credit and consents; each opens its own screen; CSV.
 */
export function CustomerListPage() {
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="customers.list.title" />} testId="customer-list-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="customers.chooseMerchant">
        {(merchantId) => <CustomersTable key={merchantId} merchantId={merchantId} currency={merchant!.currency} />}
      </ForOneMerchant>
    </Page>
  );
}

function CustomersTable({ merchantId, currency }: { merchantId: string; currency: string }) {
  const intl = useIntl();
  const format = useFormat();
  const columns = useMemo<Column<Customer>[]>(() => {
    const text = (id: string) => intl.formatMessage({ id });
    const money = (value: number) => format.money(value, currency);
    return [
      {
        id: 'name',
        messageId: 'customers.field.name',
        value: (c) => customerName(c),
        render: (c) => (
          <Link to={customerPath(c.id)} data-testid="customer-link">
            {customerName(c)}
          </Link>
        ),
      },
      { id: 'email', messageId: 'customers.field.email', value: (c) => c.email ?? '' },
      { id: 'userId', messageId: 'customers.field.userId', value: (c) => c.userId },
      { id: 'registeredAt', messageId: 'customers.field.registeredAt', ord: 'registeredAt', value: (c) => format.dateTime(c.registeredAt) },
      { id: 'lastUsedAt', messageId: 'customers.field.lastUsedAt', value: (c) => format.dateTime(c.lastUsedAt) },
      { id: 'medias', messageId: 'customers.field.medias', value: (c) => format.number(c.medias) },
      { id: 'credit', messageId: 'customers.field.credit', value: (c) => money(c.credit) },
      { id: 'recharges30', messageId: 'customers.field.recharges30', value: (c) => money(c.last30Days.rechargesValue) },
      { id: 'sales30', messageId: 'customers.field.sales30', value: (c) => money(c.last30Days.salesValue) },
      ...CUSTOMER_CONSENTS.map((consent): Column<Customer> => ({
        id: `consent-${consent}`,
        messageId: CONSENT_MESSAGES[consent],
        value: (c) => text(c.consents[consent].granted ? 'medias.yes' : 'medias.no'),
      })),
      { id: 'paymentService', messageId: 'customers.payment.service', value: (c) => c.paymentInfo?.service ?? '' },
    ];
  }, [intl, format, currency]);

  const table = useDataTable({ tableId: 'customers', columns, defaultSort: DEFAULT_SORT });
  const page = useCustomerPage(merchantId, table.query);
  const { query } = table;
  const exportFile = useCallback(() => exportCustomersCsv(merchantId, query), [merchantId, query]);
  const label = (id: string) => intl.formatMessage({ id });
  const consentOptions = CUSTOMER_CONSENTS.map((c) => ({ value: c, label: label(CONSENT_MESSAGES[c]) }));
  const mediaOptions = [
    { value: 'true', label: label('customers.filter.withMedias') },
    { value: 'false', label: label('customers.filter.withoutMedias') },
  ];

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(c) => c.id}
      emptyMessageId="customers.list.empty"
      errorMessageId={mediaErrorMessageId}
      exportFile={exportFile}
      filters={
        <>
          <SearchFilter table={table} field="search" messageId="customers.filter.search" />
          <SelectFilter
            table={table}
            field="consent"
            messageId="customers.filter.consent"
            allLabel={label('customers.filter.anyConsent')}
            options={consentOptions}
          />
          <SelectFilter
            table={table}
            field="hasMedias"
            messageId="customers.field.medias"
            allLabel={label('customers.filter.anyMedias')}
            options={mediaOptions}
          />
          <DateRangeFilter table={table} testId="history-range" optional />
        </>
      }
    />
  );
}
