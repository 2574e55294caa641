import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { MediaAction } from '#schemas/media';
import { HeaderRow } from '../../../components/HeaderRow';
import { EmptyState } from '../../../components/states';
import type { SourceTypeCode } from '#schemas/transaction-constants';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { labelOr, MEDIA_TYPE_MESSAGES, SOURCE_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { useMediaContext } from '../MediaDetailPage';
import { FieldList } from '../../../components/FieldList';
import { Last30Days } from '../components/Last30Days';
import { MediaStatusBadge } from '../components/MediaStatusBadge';
import { MediaSapCode } from '../components/MediaSapCode';
import { canReadCustomers, customerPath, externalServiceLabel, mediaPath, mediaSerialText } from '../media-labels';
import type { MEDIA_MACHINE_FIELDS } from '#schemas/media';

/** What each entry of the action history says. */
const ACTION_MESSAGES: Record<MediaAction['action'], string> = {
  block: 'medias.history.block',
  unblock: 'medias.history.unblock',
  unblockTokens: 'medias.history.unblockTokens',
  lostMyKey: 'medias.history.lostMyKey',
  creditReceived: 'medias.history.creditReceived',
  refund: 'medias.history.refund',
  refundMachine: 'medias.history.refundMachine',
};

/** /customers-medias/medias/{mediaId}: every field of the media (spec §3), its last 30 days and who did what to it. */
export function MediaDetailsTab() {
  const { media: m, currency, merchantId } = useMediaContext();
  const intl = useIntl();
  const format = useFormat();
  const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const money = (value: number) => format.money(value, currency);
  const readsCustomers = canReadCustomers(useSession().identity?.role);
  const mediaLink = (id: string | null) => (id ? <Link to={mediaPath(id)}>{id}</Link> : '');

  // A machine outside a group admin's groups is withheld by the API (issue 28 item 8): say so instead of a blank.
  const machine = (field: (typeof MEDIA_MACHINE_FIELDS)[number], value: string) => (m.withheld?.includes(field) ? text('medias.withheld') : value);
  const rows: [string, string, ReactNode][] = [
    ['mediaId', 'medias.field.mediaId', m.mediaId],
    ['serial', 'medias.field.serial', mediaSerialText(m.serial, text)],
    ['mediaType', 'medias.field.mediaType', labelOr(MEDIA_TYPE_MESSAGES[m.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], m.mediaType, text)],
    ['status', 'medias.field.status', <MediaStatusBadge key="status" status={m.status} />],
    ['credit', 'medias.field.credit', money(m.credit)],
    ['keyCredit', 'medias.field.keyCredit', money(m.keyCredit)],
    ['cloudCredit', 'medias.field.cloudCredit', money(m.cloudCredit)],
    [
      'cloudCreditDevice',
      'medias.field.cloudCreditDevice',
      m.cloudCredit > 0 ? machine('cloudCreditDevice', m.cloudCreditDevice ?? text('medias.anyMachine')) : '',
    ],
    ['tokensBlocked', 'medias.field.tokensBlocked', text(m.tokensBlocked ? 'medias.yes' : 'medias.no')],
    ['bonusCredit', 'medias.field.bonusCredit', money(m.bonusCredit)],
    ['bonusFreeSales', 'medias.field.bonusFreeSales', format.number(m.bonusFreeSales)],
    ['lastCounter', 'medias.field.lastCounter', m.lastCounter === null ? '' : format.number(m.lastCounter)],
    ['lastUsedAt', 'medias.field.lastUsedAt', format.dateTime(m.lastUsedAt)],
    ['device', 'medias.field.device', machine('device', m.device ?? '')],
    ['sourceType', 'medias.field.sourceType', labelOr(SOURCE_TYPE_MESSAGES[m.sourceType as SourceTypeCode], m.sourceType, text)],
    ['sourceSerial', 'medias.field.sourceSerial', machine('sourceSerial', m.sourceSerial ?? '')],
    ['externalService', 'medias.field.externalService', externalServiceLabel(m.externalService, text)],
    ['sapCode', 'medias.field.sapCode', <MediaSapCode key={m.updatedAt} merchantId={merchantId} mediaId={m.mediaId} sapCode={m.sapCode} />],
    ['customer', 'medias.field.customer', m.customerId && readsCustomers ? <Link to={customerPath(m.customerId)}>{m.customerId}</Link> : (m.customerId ?? '')],
    ['replaces', 'medias.field.replaces', mediaLink(m.replaces)],
    ['replacedBy', 'medias.field.replacedBy', mediaLink(m.replacedBy)],
    ['createdAt', 'medias.field.createdAt', format.dateTime(m.createdAt)],
    ['updatedAt', 'medias.field.updatedAt', format.dateTime(m.updatedAt)],
  ];
  return (
    <div className="media-tab" data-testid="media-details">
      <section className="card">
        <FieldList rows={rows} testId="media-fields" />
      </section>
      <Last30Days figures={m.last30Days} currency={currency} />
      {m.last30DaysScope === 'merchant' && (
        <p className="muted" data-testid="media-figures-scope">
          <FormattedMessage id="medias.last30Days.merchantWide" />
        </p>
      )}
      <ActionHistory actions={m.actions} currency={currency} />
    </div>
  );
}

/** Who did what to the media and when, newest first (the API keeps the latest entries). */
function ActionHistory({ actions, currency }: { actions: MediaAction[]; currency: string }) {
  const format = useFormat();
  return (
    <section className="card" aria-labelledby="media-history">
      <h2 id="media-history">
        <FormattedMessage id="medias.history.title" />
      </h2>
      {actions.length === 0 ? (
        <EmptyState messageId="medias.history.empty" />
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="media-history">
          <table className="table" data-testid="media-history">
            <HeaderRow cells={['medias.history.at', 'medias.history.action', 'medias.history.by', 'medias.history.detail']} />
            <tbody>
              {actions.map((a, i) => (
                <tr key={`${a.at}#${i}`} data-action={a.action}>
                  <td className="nowrap">{format.dateTime(a.at)}</td>
                  <td>
                    <FormattedMessage id={ACTION_MESSAGES[a.action]} />
                  </td>
                  <td>{a.email}</td>
                  <td>
                    {[a.amount !== undefined ? format.money(a.amount, currency) : null, a.device ?? null, a.otherMediaId ?? null].filter(Boolean).join(' · ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
