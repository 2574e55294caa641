import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CUSTOM_PARAMETER_TYPES, CustomParametersInput, MAX_CUSTOM_PARAMETERS, type CustomParameter } from '#schemas/product';
import { CheckboxField, SelectField, TextField } from '../../components/form/fields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded } from '../../components/states';
import { useMayCall } from '../../components/use-may-call';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { useCustomParameters } from './api/get-custom-parameters';
import { putCustomParameters } from './api/put-custom-parameters';
import { PRODUCT_FORM_MESSAGES, productErrorMessageId } from './messages';
import './products.css';

/** /manage/products/custom-parameters: the merchant's own extra product fields; admins add, change and remove them. */
export function CustomParametersPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  const parameters = useCustomParameters(merchantId);
  const canEdit = useMayCall('products.putCustomParameters');
  return (
    <Page
      title={<FormattedMessage id="products.customParameters.title" />}
      actions={
        <Link to="/manage/products" className="button button--secondary">
          <FormattedMessage id="products.backToList" />
        </Link>
      }
      testId="product-custom-parameters-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="products.chooseMerchant">
        {(merchantId) => (
          <Loaded result={parameters} errorMessageId={productErrorMessageId}>
            {(p) => <ParametersForm key={`${merchantId} ${p.updatedAt ?? ''}`} merchantId={merchantId} initial={p.parameters} canEdit={canEdit} />}
          </Loaded>
        )}
      </ForOneMerchant>
    </Page>
  );
}

function ParametersForm({ merchantId, initial, canEdit }: { merchantId: string; initial: readonly CustomParameter[]; canEdit: boolean }) {
  const intl = useIntl();
  const [rows, setRows] = useState<CustomParameter[]>(() => [...initial]);
  const { errors, saving, submit } = useFormSubmit(CustomParametersInput, 'products.customParameters.saved', PRODUCT_FORM_MESSAGES);
  const typeOptions = CUSTOM_PARAMETER_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `products.customParameters.type.${t}` }) }));
  const change = (i: number, patch: Partial<CustomParameter>) => setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canEdit) void submit({ parameters: rows }, (input) => putCustomParameters(merchantId, input));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="custom-parameters-form">
      <p className="form__hint">
        <FormattedMessage id="products.customParameters.hint" />
      </p>
      {rows.length === 0 && (
        <p data-testid="custom-parameters-empty">
          <FormattedMessage id="products.customParameters.empty" />
        </p>
      )}
      <fieldset className="products__plain" disabled={!canEdit}>
        {rows.map((row, i) => (
          <div className="form-grid products__parameter-row" key={i} data-testid="custom-parameter-row">
            <TextField
              name={`parameters.${i}.name`}
              labelId="products.customParameters.name"
              value={row.name}
              onChange={(name) => change(i, { name })}
              required
            />
            <SelectField
              name={`parameters.${i}.type`}
              labelId="products.customParameters.type"
              value={row.type}
              options={typeOptions}
              onChange={(type) => change(i, { type: type as CustomParameter['type'] })}
            />
            <CheckboxField
              name={`parameters.${i}.required`}
              labelId="products.customParameters.required"
              checked={row.required}
              onChange={(required) => change(i, { required })}
            />
            {canEdit && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                data-testid="custom-parameter-remove"
              >
                <FormattedMessage id="products.customParameters.remove" />
              </button>
            )}
          </div>
        ))}
      </fieldset>
      {errors.parameters && (
        <p className="field__error" role="alert" data-testid="error-parameters">
          <FormattedMessage id={errors.parameters.messageId} values={errors.parameters.values} />
        </p>
      )}
      {canEdit && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={rows.length >= MAX_CUSTOM_PARAMETERS}
            onClick={() => setRows((list) => [...list, { name: '', type: 'text', required: false }])}
            data-testid="custom-parameter-add"
          >
            <FormattedMessage id="products.customParameters.add" />
          </button>
          <SubmitButton labelId="products.save" busy={saving} testId="custom-parameters-submit" />
        </div>
      )}
    </form>
  );
}
