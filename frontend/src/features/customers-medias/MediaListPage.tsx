import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { MEDIA_ORDERS, MEDIA_STATUSES, type Media } from '#schemas/media';
import { DataTable } from '../../components/data-table/DataTable';
import { SearchFilter } from '../../components/data-table/SearchFilter';
import { SelectFilter } from '../../components/data-table/SelectFilter';
import { useDataTable, type Column } from '../../components/data-table/use-data-table';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import type { SourceTypeCode } from '#schemas/transaction-constants';
import { useFormat } from '../../lib/format';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useSession } from '../../lib/session';
import { labelOr, MEDIA_TYPE_MESSAGES, SOURCE_TYPE_MESSAGES } from '../../lib/transaction-labels';
import { fetchAllMedias, useMediaPage } from './api/get-media-page';
import { useMaximumRefund } from './api/get-maximum-refund';
import { useUsedMediaTypes } from './api/get-used-media-types';
import { BatchRefundDialog } from './components/BatchRefundDialog';
import { MediaStatusBadge } from './components/MediaStatusBadge';
import { MoneyFilter } from './components/MoneyFilter';
import { canActOnMedias, externalServiceLabel, mediaPath, mediaStatusLabel, mediaSerialText } from './media-labels';
import { mediaErrorMessageId } from './messages';
import './customers-medias.css';

/** Most recently used first: the media in use come on top. */
const DEFAULT_SORT = { ord: MEDIA_ORDERS[0], ordType: 'desc' } as const;
const HEX_SEARCH = { test: (text: string) => /^[0-9a-f]+$/i.test(text), messageId: 'medias.filter.searchHex' };

/**
 * /customers-medias/medias: the cashless media (keys, cards, app) of the merchant picked in the app bar, with
 * their credit and status; each opens its own screen. Non-merchant-users refund a batch of medias from here.
 */
export function MediaListPage() {
  const { merchantId, merchant, merchants } = useCurrentMerchant();
  const { identity } = useSession();
  const [batchOpen, setBatchOpen] = useState(false);
  const maximumRefund = useMaximumRefund(merchantId);
  return (
    <Page
      title={<FormattedMessage id="medias.list.title" />}
      actions={
        canActOnMedias(identity?.role) &&
        merchantId && (
          <button type="button" className="button button--primary" onClick={() => setBatchOpen(true)} data-testid="media-batch-refund">
            <FormattedMessage id="medias.batch.action" />
          </button>
        )
      }
      testId="media-list-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="medias.chooseMerchant">
        {(merchantId) => (
          <>
            <MediasTable key={merchantId} merchantId={merchantId} currency={merchant!.currency} />
            {batchOpen && (
              <BatchRefundDialog merchantId={merchantId} currency={merchant!.currency} maximumRefund={maximumRefund} onClose={() => setBatchOpen(false)} />
            )}
          </>
        )}
      </ForOneMerchant>
    </Page>
  );
}

function MediasTable({ merchantId, currency }: { merchantId: string; currency: string }) {
  const intl = useIntl();
  const format = useFormat();
  const columns = useMemo<Column<Media>[]>(() => {
    const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
    const money = (value: number) => format.money(value, currency);
    return [
      {
        id: 'serial',
        messageId: 'medias.field.serial',
        ord: 'serial',
        value: (m) => mediaSerialText(m.serial, text),
        render: (m) => (
          <Link to={mediaPath(m.mediaId)} data-testid="media-link">
            {mediaSerialText(m.serial, text)}
          </Link>
        ),
      },
      { id: 'mediaId', messageId: 'medias.field.mediaId', value: (m) => m.mediaId },
      {
        id: 'mediaType',
        messageId: 'medias.field.mediaType',
        value: (m) => labelOr(MEDIA_TYPE_MESSAGES[m.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], m.mediaType, text),
      },
      {
        id: 'status',
        messageId: 'medias.field.status',
        value: (m) => text(mediaStatusLabel(m.status).messageId),
        render: (m) => <MediaStatusBadge status={m.status} />,
      },
      { id: 'credit', messageId: 'medias.field.credit', value: (m) => money(m.credit) },
      { id: 'keyCredit', messageId: 'medias.field.keyCredit', value: (m) => money(m.keyCredit) },
      { id: 'cloudCredit', messageId: 'medias.field.cloudCredit', value: (m) => money(m.cloudCredit) },
      { id: 'bonusCredit', messageId: 'medias.field.bonusCredit', value: (m) => money(m.bonusCredit) },
      { id: 'bonusFreeSales', messageId: 'medias.field.bonusFreeSales', value: (m) => format.number(m.bonusFreeSales) },
      { id: 'lastUsedAt', messageId: 'medias.field.lastUsedAt', ord: 'lastUsedAt', value: (m) => format.dateTime(m.lastUsedAt) },
      { id: 'device', messageId: 'medias.field.device', value: (m) => m.device ?? '' },
      { id: 'customer', messageId: 'medias.field.customer', value: (m) => text(m.customerId ? 'medias.yes' : 'medias.no') },
      {
        id: 'sourceType',
        messageId: 'medias.field.sourceType',
        value: (m) => labelOr(SOURCE_TYPE_MESSAGES[m.sourceType as SourceTypeCode], m.sourceType, text),
      },
      { id: 'externalService', messageId: 'medias.field.externalService', value: (m) => externalServiceLabel(m.externalService, text) },
      { id: 'sapCode', messageId: 'medias.field.sapCode', value: (m) => m.sapCode ?? '' },
    ];
  }, [intl, format, currency]);

  const table = useDataTable({ tableId: 'medias', columns, defaultSort: DEFAULT_SORT });
  const page = useMediaPage(merchantId, table.query);
  const usedTypes = useUsedMediaTypes(merchantId);
  const { query } = table;
  const exportRows = useCallback(() => fetchAllMedias(merchantId, query), [merchantId, query]);
  const label = (id: string) => intl.formatMessage({ id });
  const typeOptions = (usedTypes.data?.mediaTypes ?? []).map((t) => ({
    value: String(t),
    label: labelOr(MEDIA_TYPE_MESSAGES[t as keyof typeof MEDIA_TYPE_MESSAGES], t, label),
  }));
  const statusOptions = MEDIA_STATUSES.map((s) => ({ value: String(s), label: label(mediaStatusLabel(s).messageId) }));
  const customerOptions = [
    { value: 'true', label: label('medias.filter.withCustomer') },
    { value: 'false', label: label('medias.filter.withoutCustomer') },
  ];

  return (
    <DataTable
      table={table}
      result={page}
      rowKey={(m) => m.mediaId}
      emptyMessageId="medias.list.empty"
      errorMessageId={mediaErrorMessageId}
      exportRows={exportRows}
      filters={
        <>
          <SearchFilter table={table} field="search" messageId="medias.filter.search" format={HEX_SEARCH} />
          <SelectFilter table={table} field="mediaType" messageId="medias.field.mediaType" allLabel={label('medias.filter.allTypes')} options={typeOptions} />
          <SelectFilter table={table} field="status" messageId="medias.field.status" allLabel={label('medias.filter.allStatuses')} options={statusOptions} />
          <MoneyFilter table={table} field="creditMin" messageId="medias.filter.creditMin" currency={currency} />
          <MoneyFilter table={table} field="creditMax" messageId="medias.filter.creditMax" currency={currency} />
          <SelectFilter
            table={table}
            field="hasCustomer"
            messageId="medias.field.customer"
            allLabel={label('medias.filter.anyCustomer')}
            options={customerOptions}
          />
        </>
      }
    />
  );
}
