import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { WEB_SERVICE_TYPES, WebPaymentServiceCreate, WebPaymentServiceUpdate } from '#schemas/webpayment-service';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { WEBPAYMENT_SERVICE_FORM_MESSAGES } from '../messages';

export interface WebPaymentServiceDraft {
  name: string;
  description: string;
  url: string;
  type: string;
}

export const NEW_WEBPAYMENT_SERVICE: WebPaymentServiceDraft = { name: '', description: '', url: '', type: '0' };

interface Props {
  initial: WebPaymentServiceDraft;
  /** Creating: the type is chosen now and stays afterwards. */
  creating: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: WebPaymentServiceCreate) => Promise<unknown>;
}

/** A web payment service: name, description, url and (when created) its type. */
export function WebPaymentServiceForm({ initial, creating, submitLabelId, successMessageId, send }: Props) {
  const intl = useIntl();
  const { errors, saving, submit } = useFormSubmit(
    creating ? WebPaymentServiceCreate : WebPaymentServiceUpdate,
    successMessageId,
    WEBPAYMENT_SERVICE_FORM_MESSAGES,
  );
  const { draft, field } = useDraft(initial, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { type, ...rest } = draft;
    void submit(creating ? { ...rest, type: Number(type) } : rest, (input) => send({ ...input, type: Number(type) }));
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="webpayment-service-form">
      <div className="form-grid">
        <TextField {...field('name')} labelId="webpaymentServices.field.name" required />
        <TextField {...field('url')} type="url" labelId="webpaymentServices.field.url" required />
        {creating ? (
          <SelectField
            {...field('type')}
            labelId="webpaymentServices.field.type"
            options={Object.keys(WEB_SERVICE_TYPES).map((t) => ({ value: t, label: intl.formatMessage({ id: `webpaymentServices.type.${t}` }) }))}
          />
        ) : (
          <TextField
            name="type"
            value={intl.formatMessage({ id: `webpaymentServices.type.${draft.type}` })}
            labelId="webpaymentServices.field.type"
            hint={<FormattedMessage id="webpaymentServices.field.type.fixed" />}
            readOnly
          />
        )}
        <TextField {...field('description')} labelId="webpaymentServices.field.description" multiline />
      </div>
      <div className="form__actions">
        <SubmitButton labelId={submitLabelId} busy={saving} testId="webpayment-service-submit" />
      </div>
    </form>
  );
}
