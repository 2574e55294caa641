import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DATA_TYPES, FREQUENCIES, SubscriptionCreate, type Subscription } from '#schemas/historical-data';
import { HeaderRow } from '../../../components/HeaderRow';
import { SelectField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { Spinner } from '../../../components/Spinner';
import { EmptyState, Loaded } from '../../../components/states';
import { useToast } from '../../../components/toasts';
import { formatDateTime } from '../../../lib/format';
import { useSubscriptions } from '../api/get-subscriptions';
import { createSubscription, deleteSubscription } from '../api/save-subscription';
import {
  DATA_TYPE_MESSAGES,
  dataRequestErrorMessageId,
  FREQUENCY_MESSAGES,
  lastRunErrorMessageId,
  LIMIT_VALUES,
  SUBSCRIPTION_FORM_MESSAGES,
} from '../messages';

/** Scheduled exports (spec §3): each makes a request for the period just ended, every day, week or month. */
export function SubscriptionsSection({ merchantId }: { merchantId: string }) {
  const headingId = useId();
  const subscriptions = useSubscriptions(merchantId);
  return (
    <section className="card data-requests__subscriptions" aria-labelledby={headingId} data-testid="data-subscriptions">
      <h2 id={headingId}>
        <FormattedMessage id="dataRequests.subscriptions.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="dataRequests.subscriptions.hint" />
      </p>
      <Loaded result={subscriptions} errorMessageId={dataRequestErrorMessageId}>
        {({ items }) =>
          items.length === 0 ? <EmptyState messageId="dataRequests.subscriptions.empty" /> : <SubscriptionTable merchantId={merchantId} items={items} />
        }
      </Loaded>
      <SubscriptionForm merchantId={merchantId} />
    </section>
  );
}

function SubscriptionTable({ merchantId, items }: { merchantId: string; items: readonly Subscription[] }) {
  const intl = useIntl();
  const label = (ids: Partial<Record<string, string>>, value: string) => {
    const id = ids[value];
    return id ? intl.formatMessage({ id }) : value;
  };
  return (
    <div className="table-wrap">
      <table className="table">
        <HeaderRow
          cells={[
            'dataRequests.field.dataType',
            'dataRequests.field.frequency',
            'dataRequests.field.nextRunAt',
            'dataRequests.field.lastRunAt',
            'dataRequests.field.actions',
          ]}
        />
        <tbody>
          {items.map((s) => (
            <tr key={s.id} data-row-id={s.id}>
              <td data-column="dataType">{label(DATA_TYPE_MESSAGES, s.dataType)}</td>
              <td data-column="frequency">{label(FREQUENCY_MESSAGES, s.frequency)}</td>
              <td data-column="nextRunAt">{formatDateTime(s.nextRunAt, intl.locale)}</td>
              <td data-column="lastRunAt">
                {formatDateTime(s.lastRunAt, intl.locale)}
                {s.lastError && (
                  <span className="data-requests__message">
                    <FormattedMessage id={lastRunErrorMessageId(s.lastError)} values={LIMIT_VALUES} />
                  </span>
                )}
              </td>
              <td data-column="actions">
                <DeleteSubscription merchantId={merchantId} subscription={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeleteSubscription({ merchantId, subscription }: { merchantId: string; subscription: Subscription }) {
  const { showToast } = useToast();
  const [busy, setBusy] = useState(false);
  async function remove() {
    setBusy(true);
    try {
      await deleteSubscription(merchantId, subscription.id);
      showToast({ kind: 'success', messageId: 'dataRequests.subscriptions.deleted' });
    } catch (error) {
      showToast({ kind: 'error', messageId: dataRequestErrorMessageId(error), values: LIMIT_VALUES });
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--danger" onClick={() => void remove()} disabled={busy} data-testid="subscription-delete">
      {busy ? <Spinner size="small" /> : <FormattedMessage id="dataRequests.subscriptions.delete" />}
    </button>
  );
}

const NEW_SUBSCRIPTION = { dataType: '', frequency: 'daily' };

function SubscriptionForm({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(SubscriptionCreate, 'dataRequests.subscriptions.created', SUBSCRIPTION_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(NEW_SUBSCRIPTION, errors);
  const typeOptions = DATA_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: DATA_TYPE_MESSAGES[t] }) }));
  const frequencyOptions = FREQUENCIES.map((f) => ({ value: f, label: intl.formatMessage({ id: FREQUENCY_MESSAGES[f] }) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (await submit({ ...draft }, (input) => createSubscription(merchantId, input))) setDraft(NEW_SUBSCRIPTION);
  }

  return (
    <form className="form data-requests__subscribe" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="subscription-form">
      <SelectField
        {...field('dataType')}
        labelId="dataRequests.field.dataType"
        options={typeOptions}
        placeholder={intl.formatMessage({ id: 'dataRequests.chooseDataType' })}
        testId="subscription-data-type"
      />
      <SelectField {...field('frequency')} labelId="dataRequests.field.frequency" options={frequencyOptions} testId="subscription-frequency" />
      <div className="form__actions">
        <SubmitButton labelId="dataRequests.subscriptions.add" busy={saving} testId="subscription-submit" />
      </div>
    </form>
  );
}
