import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PRODUCT_TYPES, ProductInput, type CustomParameter, type CustomParameterValue } from '#schemas/product';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { checkCustomValues, customValuesToSend, parameterField, type ProductDraft } from '../product-draft';
import { PRODUCT_FORM_MESSAGES } from '../messages';
import '../products.css';

interface ProductFormProps {
  initial: ProductDraft;
  parameters: readonly CustomParameter[];
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: ProductInput) => Promise<unknown>;
}

/** A product's fields (spec §3) and one field per custom parameter of the merchant. */
export function ProductForm({ initial, parameters, canEdit, submitLabelId, successMessageId, send }: ProductFormProps) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(ProductInput, successMessageId, PRODUCT_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const typeOptions = PRODUCT_TYPES.map((t) => ({ value: t, label: intl.formatMessage({ id: `products.type.${t}` }) }));
  const setValue = (name: string, value: CustomParameterValue) => setDraft((d) => ({ ...d, customParameters: { ...d.customParameters, [name]: value } }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit) return;
    const values = customValuesToSend(parameters, draft.customParameters);
    void submit({ ...draft, customParameters: values }, send, () => checkCustomValues(parameters, draft.customParameters));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="product-form">
      <fieldset className="products__plain" disabled={!canEdit}>
        <div className="form-grid">
          <TextField {...field('code')} labelId="products.field.code" readOnly={!canEdit} required />
          <TextField {...field('name')} labelId="products.field.name" readOnly={!canEdit} required />
          <SelectField
            {...field('productType')}
            onChange={(v) => setDraft((d) => ({ ...d, productType: v as ProductDraft['productType'] }))}
            labelId="products.field.productType"
            options={typeOptions}
          />
          <NumberField {...field('vat')} labelId="products.field.vat" min={0} max={100} step={0.01} hint={<FormattedMessage id="products.field.vatHint" />} />
          <TextField {...field('description')} labelId="products.field.description" readOnly={!canEdit} multiline />
        </div>
        {parameters.length > 0 && (
          <fieldset className="form-grid products__parameters" data-testid="product-custom-parameters">
            <legend>
              <FormattedMessage id="products.customParameters.legend" />
            </legend>
            {parameters.map((p) => {
              const value = draft.customParameters[p.name];
              const common = {
                name: parameterField(p.name),
                labelId: 'products.customParameters.label',
                labelValues: { name: p.name },
                error: errors[parameterField(p.name)] ?? errors.customParameters,
              };
              if (p.type === 'boolean')
                return (
                  <CheckboxField
                    key={p.name}
                    name={parameterField(p.name)}
                    label={p.name}
                    checked={value === true}
                    disabled={!canEdit}
                    onChange={(v) => setValue(p.name, v)}
                  />
                );
              if (p.type === 'number')
                return (
                  <NumberField
                    key={p.name}
                    {...common}
                    value={typeof value === 'number' ? value : Number.NaN}
                    step={0.01}
                    onChange={(v) => setValue(p.name, v)}
                  />
                );
              return (
                <TextField
                  key={p.name}
                  {...common}
                  value={typeof value === 'string' ? value : ''}
                  readOnly={!canEdit}
                  required={p.required}
                  onChange={(v) => setValue(p.name, v)}
                />
              );
            })}
          </fieldset>
        )}
      </fieldset>
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="product-submit" />
        </div>
      )}
    </form>
  );
}
