import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { ClientInput } from '#schemas/client';
import { SelectField, TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useCollections } from '../../../lib/resources/get-collections';
import { lookupPostalCode } from '../api/lookup-postal-code';
import { canLookUpPostalCode, checkClientRules, type ClientDraft } from '../client-draft';
import { CLIENT_FORM_MESSAGES } from '../messages';

const LOOKUP_PAUSE_MS = 400;

interface ClientFormProps {
  initial: ClientDraft;
  canEdit: boolean;
  submitLabelId: string;
  successMessageId: string;
  send: (input: ClientInput) => Promise<unknown>;
}

/**
 * A client's fields (spec §3). The postal code fills city and province (GET /autocomplete/postalcode);
 * VAT, phone, postal code and website formats are told with their spec §5 messages.
 */
export function ClientForm({ initial, canEdit, submitLabelId, successMessageId, send }: ClientFormProps) {
  const { errors, saving, submit } = useFormSubmit(ClientInput, successMessageId, CLIENT_FORM_MESSAGES);
  const { draft, setDraft, field } = useDraft(initial, errors);
  const collections = useCollections();
  const format = useFormat();
  const countryOptions = format.countryOptions(collections.data?.countries.map((c) => c.code) ?? [draft.country]);
  const [postalStatus, setPostalStatus] = useState<'idle' | 'found' | 'unknown'>('idle');
  const lookedUp = useRef(`${initial.country}:${initial.postalCode}`);

  // After a pause in typing, the postal code of the country fills city and province.
  useEffect(() => {
    if (!canEdit) return;
    const key = `${draft.country}:${draft.postalCode.trim()}`;
    if (key === lookedUp.current || !canLookUpPostalCode(draft.postalCode) || !draft.country) return;
    setPostalStatus('idle');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookedUp.current = key;
      lookupPostalCode(draft.country, draft.postalCode.trim(), controller.signal)
        .then((place) => {
          setDraft((d) => ({ ...d, city: place.city, province: place.province }));
          setPostalStatus('found');
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) setPostalStatus('unknown');
        });
    }, LOOKUP_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [canEdit, draft.country, draft.postalCode, setDraft]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (canEdit) void submit({ ...draft }, send, (input) => checkClientRules(input, collections.data?.countries ?? []));
  }

  const postalHint =
    postalStatus === 'unknown' ? (
      <span data-testid="postal-code-unknown">
        <FormattedMessage id="clients.postalCode.unknown" />
      </span>
    ) : undefined;

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="client-form">
      <div className="form-grid">
        <TextField {...field('code')} labelId="clients.field.code" readOnly={!canEdit} />
        <TextField {...field('name')} labelId="clients.field.name" readOnly={!canEdit} required />
        <TextField {...field('companyName')} labelId="clients.field.companyName" readOnly={!canEdit} />
        <TextField {...field('vat')} labelId="clients.field.vat" readOnly={!canEdit} />
        <TextField {...field('address')} labelId="clients.field.address" readOnly={!canEdit} />
        {canEdit ? (
          <SelectField {...field('country')} labelId="clients.field.country" options={countryOptions} />
        ) : (
          <TextField
            name="country"
            labelId="clients.field.country"
            value={countryOptions.find((c) => c.value === draft.country)?.label ?? draft.country}
            readOnly
          />
        )}
        <TextField {...field('postalCode')} labelId="clients.field.postalCode" readOnly={!canEdit} hint={postalHint} />
        <TextField {...field('city')} labelId="clients.field.city" readOnly={!canEdit} />
        <TextField {...field('province')} labelId="clients.field.province" readOnly={!canEdit} />
        <TextField {...field('phone')} labelId="clients.field.phone" readOnly={!canEdit} autoComplete="off" />
        <TextField {...field('website')} labelId="clients.field.website" type="url" readOnly={!canEdit} />
      </div>
      {canEdit && (
        <div className="form__actions">
          <SubmitButton labelId={submitLabelId} busy={saving} testId="client-submit" />
        </div>
      )}
    </form>
  );
}
