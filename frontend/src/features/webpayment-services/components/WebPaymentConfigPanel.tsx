import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { WebPaymentConfigInput, type WebPaymentConfig, type WebPaymentService } from '#schemas/webpayment-service';
import { ActionButton } from '../../../components/ActionButton';
import { NumberField, SelectField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useOneAtATime } from '../../../components/one-at-a-time';
import { Loaded } from '../../../components/states';
import { useMyMerchants } from '../../../lib/resources/get-my-merchants';
import { deleteWebPaymentConfig, saveWebPaymentConfig, useWebPaymentConfigs } from '../api/webpayment-configs';
import { WEBPAYMENT_SERVICE_FORM_MESSAGES, webPaymentServiceErrorMessageId } from '../messages';

const ASSIOPAY = 3;
const CONFIG_FORM_MESSAGES = { ...WEBPAYMENT_SERVICE_FORM_MESSAGES, fieldMessages: { assiopayMax: 'webpaymentServices.config.minMax' } };

/** A distributor's configuration of the service: charges, and for Assiopay the min and max order amounts (minor units). */
export function WebPaymentConfigPanel({ service }: { service: WebPaymentService }) {
  const intl = useIntl();
  const merchants = (useMyMerchants().data ?? []).filter((m) => m.id !== ALL_DISTRIBUTORS_ID);
  const [merchantId, setMerchantId] = useState('');
  const configs = useWebPaymentConfigs(merchantId || null);
  return (
    <section className="card" aria-labelledby="webpayment-configs" data-testid="webpayment-config-panel">
      <h2 id="webpayment-configs">
        <FormattedMessage id="webpaymentServices.config.title" />
      </h2>
      <SelectField
        name="configMerchant"
        value={merchantId}
        onChange={setMerchantId}
        labelId="webpaymentServices.config.merchant"
        placeholder={intl.formatMessage({ id: 'webpaymentServices.config.chooseMerchant' })}
        options={merchants.map((m) => ({ value: m.id, label: m.name }))}
      />
      {merchantId && (
        <Loaded result={configs} errorMessageId={webPaymentServiceErrorMessageId}>
          {(c) => {
            const config = c.items.find((i) => i.serviceId === service.id);
            return <ConfigForm key={`${merchantId} ${config?.updatedAt ?? 'none'}`} merchantId={merchantId} service={service} config={config} />;
          }}
        </Loaded>
      )}
    </section>
  );
}

const text = (n: number | null) => (n === null ? Number.NaN : n);

function ConfigForm({ merchantId, service, config }: { merchantId: string; service: WebPaymentService; config: WebPaymentConfig | undefined }) {
  const { errors, saving, submit } = useFormSubmit(WebPaymentConfigInput, 'webpaymentServices.config.saved', CONFIG_FORM_MESSAGES);
  const { draft, field } = useDraft(
    { charges: config?.charges ?? 0, assiopayMin: text(config?.assiopayMin ?? null), assiopayMax: text(config?.assiopayMax ?? null) },
    errors,
  );
  const actions = useOneAtATime();
  const orNull = (n: number) => (Number.isNaN(n) ? null : n);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit({ charges: draft.charges, assiopayMin: orNull(draft.assiopayMin), assiopayMax: orNull(draft.assiopayMax) }, (input) =>
      saveWebPaymentConfig(merchantId, service.id, input),
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="webpayment-config-form">
      <p className="muted" data-testid="webpayment-config-state">
        <FormattedMessage id={config ? 'webpaymentServices.config.configured' : 'webpaymentServices.config.notConfigured'} />
      </p>
      <div className="form-grid">
        <NumberField
          {...field('charges')}
          min={0}
          labelId="webpaymentServices.config.charges"
          hint={<FormattedMessage id="webpaymentServices.config.minorUnits" />}
        />
        {service.type === ASSIOPAY && (
          <>
            <NumberField {...field('assiopayMin')} min={0} labelId="webpaymentServices.config.assiopayMin" />
            <NumberField {...field('assiopayMax')} min={0} labelId="webpaymentServices.config.assiopayMax" />
          </>
        )}
      </div>
      <div className="form__actions">
        <SubmitButton labelId="webpaymentServices.config.save" busy={saving} testId="webpayment-config-save" />
        {config && (
          <ActionButton
            action="remove"
            actions={actions}
            call={() => deleteWebPaymentConfig(merchantId, service.id)}
            labelId="webpaymentServices.config.remove"
            successMessageId="webpaymentServices.config.removed"
            errorMessageId={webPaymentServiceErrorMessageId}
            testId="webpayment-config-remove"
          />
        )}
      </div>
    </form>
  );
}
