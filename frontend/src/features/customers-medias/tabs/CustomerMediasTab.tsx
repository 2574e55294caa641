import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { MAX_CUSTOMER_MEDIAS, type CustomerMedia } from '#schemas/customer';
import { HeaderRow } from '../../../components/HeaderRow';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { Spinner } from '../../../components/Spinner';
import { EmptyState, Loaded } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { useFormat } from '../../../lib/format';
import { labelOr, MEDIA_TYPE_MESSAGES } from '../../../lib/transaction-labels';
import { setMediaAssociation } from '../api/associate-media';
import { useCustomerMedias } from '../api/get-customer-medias';
import { MediaPicker } from '../components/MediaPicker';
import { MediaStatusBadge } from '../components/MediaStatusBadge';
import { useCustomerContext } from '../CustomerDetailPage';
import { mediaPath, mediaSerialText } from '../media-labels';
import { mediaErrorMessageId } from '../messages';

/** /customers-medias/customers/{id}/medias: the customer's medias; another media of the merchant can be associated, one of its own dissociated. */
export function CustomerMediasTab() {
  const { merchantId, currency, customer } = useCustomerContext();
  const medias = useCustomerMedias(merchantId, customer.id);
  return (
    <div className="media-tab" data-testid="customer-medias">
      <Loaded result={medias} errorMessageId={mediaErrorMessageId}>
        {(list) => <MediasCard list={list} merchantId={merchantId} customerId={customer.id} currency={currency} />}
      </Loaded>
      {customer.medias < MAX_CUSTOMER_MEDIAS && <AssociateForm merchantId={merchantId} customerId={customer.id} currency={currency} />}
    </div>
  );
}

function MediasCard({ list, merchantId, customerId, currency }: { list: CustomerMedia[]; merchantId: string; customerId: string; currency: string }) {
  const intl = useIntl();
  const format = useFormat();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState<CustomerMedia | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const text = (id: string) => intl.formatMessage({ id });

  async function dissociate(media: CustomerMedia) {
    setConfirming(null);
    setBusy(media.mediaId);
    try {
      await setMediaAssociation(merchantId, customerId, media.mediaId, false);
      showToast({ kind: 'success', messageId: 'customers.medias.dissociated' });
    } catch (error) {
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error) });
    } finally {
      setBusy(null);
    }
  }

  if (list.length === 0)
    return (
      <section className="card">
        <EmptyState messageId="customers.medias.empty" />
      </section>
    );
  return (
    <section className="card" aria-labelledby="customer-medias-title">
      <h2 id="customer-medias-title">
        <FormattedMessage id="customers.tab.medias" />
      </h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="customer-medias-title">
        <table className="table" data-testid="customer-medias-table">
          <HeaderRow
            cells={[
              'medias.field.serial',
              'medias.field.mediaType',
              'medias.field.status',
              'medias.field.credit',
              'medias.field.cloudCredit',
              'medias.field.lastUsedAt',
              'medias.last30.salesValue',
              'medias.last30.rechargesValue',
              { messageId: 'customers.medias.actions', hidden: true },
            ]}
          />
          <tbody>
            {list.map((m) => (
              <tr key={m.mediaId} data-row-id={m.mediaId}>
                <td>
                  <Link to={mediaPath(m.mediaId)}>{mediaSerialText(m.serial, text)}</Link>
                </td>
                <td>{labelOr(MEDIA_TYPE_MESSAGES[m.mediaType as keyof typeof MEDIA_TYPE_MESSAGES], m.mediaType, text)}</td>
                <td>
                  <MediaStatusBadge status={m.status} />
                </td>
                <td>{format.money(m.credit, currency)}</td>
                <td>{format.money(m.cloudCredit, currency)}</td>
                <td>{format.dateTime(m.lastUsedAt)}</td>
                <td>{format.money(m.last30Days.salesValue, currency)}</td>
                <td>{format.money(m.last30Days.rechargesValue, currency)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setConfirming(m)}
                    disabled={busy !== null}
                    data-testid="customer-media-dissociate"
                  >
                    {busy === m.mediaId ? <Spinner size="small" /> : <FormattedMessage id="customers.medias.dissociate" />}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        titleId="customers.medias.dissociateTitle"
        messageId="customers.medias.dissociateMessage"
        messageValues={{ serial: confirming ? mediaSerialText(confirming.serial, text) : '' }}
        confirmId="customers.medias.dissociate"
        cancelId="common.cancel"
        onConfirm={() => confirming && void dissociate(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** Associate a media of the merchant that no customer has yet, found by its printed serial. */
function AssociateForm({ merchantId, customerId, currency }: { merchantId: string; customerId: string; currency: string }) {
  const { showToast } = useToast();
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!picked) return;
    setBusy(true);
    try {
      await setMediaAssociation(merchantId, customerId, picked, true);
      showToast({ kind: 'success', messageId: 'customers.medias.associated' });
      setPicked('');
      setRound((r) => r + 1);
    } catch (error) {
      showToast({ kind: 'error', messageId: mediaErrorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="associate-title" data-testid="customer-associate">
      <h2 id="associate-title">
        <FormattedMessage id="customers.medias.associateTitle" />
      </h2>
      <MediaPicker
        key={round}
        merchantId={merchantId}
        currency={currency}
        labelId="customers.medias.search"
        accept={(m) => m.customerId === null}
        picked={picked}
        onPick={setPicked}
      />
      <div className="form__actions">
        <SubmitButton labelId="customers.medias.associate" busy={busy} disabled={!picked} testId="customer-associate-submit" />
      </div>
    </form>
  );
}
