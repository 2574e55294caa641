import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { FEATURE_FLAGS } from '#schemas/features';
import { MerchantInput, type Merchant } from '#schemas/merchant';
import { CheckboxField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { updateMerchant } from '../api/update-merchant';
import { useFormSubmit } from '../use-form-submit';
import { draftOf } from './MerchantForm';

/** The merchant's feature flags (spec §1), saved with the merchant itself (PUT /merchants/{id}). */
export function FeaturesForm({ merchant }: { merchant: Merchant }) {
  const [features, setFeatures] = useState<readonly string[]>(merchant.features);
  const { saving, submit } = useFormSubmit(MerchantInput, 'merchants.featuresSaved');

  function toggle(flag: string, on: boolean) {
    setFeatures((current) => (on ? [...current, flag] : current.filter((f) => f !== flag)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ordered = FEATURE_FLAGS.filter((flag) => features.includes(flag));
    void submit({ ...draftOf(merchant), features: ordered }, (input) => updateMerchant(merchant.id, input));
  }

  return (
    <form className="card form" onSubmit={onSubmit} aria-labelledby="merchant-features-title" data-testid="merchant-features-form">
      <h2 id="merchant-features-title">
        <FormattedMessage id="merchants.features.title" />
      </h2>
      <div className="checkbox-grid">
        {FEATURE_FLAGS.map((flag) => (
          <CheckboxField key={flag} name={flag} labelId={`features.${flag}`} checked={features.includes(flag)} onChange={(on) => toggle(flag, on)} />
        ))}
      </div>
      <div className="form__actions">
        <SubmitButton labelId="merchants.save" busy={saving} testId="merchant-features-submit" />
      </div>
    </form>
  );
}
