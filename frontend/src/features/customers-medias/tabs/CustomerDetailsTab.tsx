import { useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CUSTOMER_CONSENTS, CustomerConsentsInput, type Customer, type CustomerConsent } from '#schemas/customer';
import { CheckboxField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useFormat } from '../../../lib/format';
import { updateConsents } from '../api/update-consents';
import { FieldList } from '../../../components/FieldList';
import { Last30Days } from '../components/Last30Days';
import { CONSENT_MESSAGES } from '../customer-labels';
import { useCustomerContext } from '../CustomerDetailPage';
import { mediaErrorMessageId } from '../messages';

/** /customers-medias/customers/{id}: who the customer is, its figures, its privacy consents (editable) and its payment info (masked). */
export function CustomerDetailsTab() {
  const { merchantId, currency, customer: c } = useCustomerContext();
  const format = useFormat();
  const rows: [string, string, ReactNode][] = [
    ['name', 'customers.field.name', c.name ?? ''],
    ['email', 'customers.field.email', c.email ?? ''],
    ['userId', 'customers.field.userId', c.userId],
    ['registeredAt', 'customers.field.registeredAt', format.dateTime(c.registeredAt)],
    ['lastUsedAt', 'customers.field.lastUsedAt', format.dateTime(c.lastUsedAt)],
    ['medias', 'customers.field.medias', format.number(c.medias)],
    ['credit', 'customers.field.credit', format.money(c.credit, currency)],
  ];
  return (
    <div className="media-tab" data-testid="customer-details">
      <section className="card">
        <FieldList rows={rows} testId="customer-fields" />
      </section>
      <Last30Days figures={c.last30Days} currency={currency} />
      <ConsentsForm key={c.updatedAt} merchantId={merchantId} customer={c} />
      <PaymentInfo customer={c} />
    </div>
  );
}

/** The three privacy consents, each with the date it was last given or withdrawn; Save sends those that changed. */
function ConsentsForm({ merchantId, customer }: { merchantId: string; customer: Customer }) {
  const format = useFormat();
  const [draft, setDraft] = useState<Record<CustomerConsent, boolean>>(() => ({
    analysis: customer.consents.analysis.granted,
    commercial: customer.consents.commercial.granted,
    quality: customer.consents.quality.granted,
  }));
  const { saving, submit } = useFormSubmit(CustomerConsentsInput, 'customers.consents.saved', { errorMessageId: mediaErrorMessageId });
  const changed = CUSTOMER_CONSENTS.filter((k) => draft[k] !== customer.consents[k].granted);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (changed.length === 0) return;
    void submit(Object.fromEntries(changed.map((k) => [k, draft[k]])), (input) => updateConsents(merchantId, customer.id, input));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="consents-title" data-testid="customer-consents">
      <h2 id="consents-title">
        <FormattedMessage id="customers.consents.title" />
      </h2>
      <div className="consents">
        {CUSTOMER_CONSENTS.map((k) => {
          const changedAt = customer.consents[k].changedAt;
          return (
            <div key={k} data-consent={k} data-granted={customer.consents[k].granted}>
              <CheckboxField name={`consent-${k}`} labelId={CONSENT_MESSAGES[k]} checked={draft[k]} onChange={(on) => setDraft((d) => ({ ...d, [k]: on }))} />
              <span className="muted" data-testid={`consent-date-${k}`}>
                {changedAt ? (
                  <FormattedMessage id="customers.consents.changedAt" values={{ date: format.dateTime(changedAt) }} />
                ) : (
                  <FormattedMessage id="customers.consents.never" />
                )}
              </span>
            </div>
          );
        })}
      </div>
      <div className="form__actions">
        <SubmitButton labelId="customers.consents.save" busy={saving} disabled={changed.length === 0} testId="consents-save" />
      </div>
    </form>
  );
}

/** The card the payment service keeps for the customer: only its masked number is ever stored or shown. */
function PaymentInfo({ customer }: { customer: Customer }) {
  const intl = useIntl();
  const format = useFormat();
  const info = customer.paymentInfo;
  return (
    <section className="card" aria-labelledby="payment-title" data-testid="customer-payment">
      <h2 id="payment-title">
        <FormattedMessage id="customers.payment.title" />
      </h2>
      {info ? (
        <FieldList
          testId="customer-payment-fields"
          rows={[
            ['service', 'customers.payment.service', info.service],
            ['cardType', 'customers.payment.cardType', info.cardType],
            [
              'maskedNumber',
              'customers.payment.number',
              <span key="number" className="nowrap">
                {info.maskedNumber}
              </span>,
            ],
            ['expiry', 'customers.payment.expiry', info.expiry],
            ['saved', 'customers.payment.saved', intl.formatMessage({ id: info.saved ? 'medias.yes' : 'medias.no' })],
            ['lastUsedAt', 'customers.payment.lastUsedAt', format.dateTime(info.lastUsedAt)],
          ]}
        />
      ) : (
        <p className="muted">
          <FormattedMessage id="customers.payment.none" />
        </p>
      )}
    </section>
  );
}
