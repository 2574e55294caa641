import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { MediaSapCodeInput } from '#schemas/sap-code';
import { TextField } from '../../../components/form/fields';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useDraft } from '../../../components/form/use-draft';
import { useFormSubmit } from '../../../components/form/use-form-submit';
import { useMayCall } from '../../../components/use-may-call';
import { setMediaSapCode } from '../api/set-media-sap-code';
import { mediaErrorMessageId } from '../messages';

const MESSAGES = {
  errorMessageId: mediaErrorMessageId,
  fieldMessages: { sapCode: 'medias.sapCode.invalid' },
  codeFields: { UnknownMediaSapCodeException: 'sapCode' },
};

/** The SAP code a media carries; the super admin sets it (one of the distributor's codes) or clears it. */
export function MediaSapCode({ merchantId, mediaId, sapCode }: { merchantId: string; mediaId: string; sapCode: string | null }) {
  const mayEdit = useMayCall('medias.setSapCode');
  const [editing, setEditing] = useState(false);
  const { errors, saving, submit } = useFormSubmit(MediaSapCodeInput, 'medias.sapCode.saved', MESSAGES);
  const { draft, field } = useDraft({ sapCode: sapCode ?? '' }, errors);
  if (!mayEdit || !editing)
    return (
      <span className="media-sap-code">
        <span data-testid="media-sap-code">{sapCode ?? ''}</span>{' '}
        {mayEdit && (
          <button type="button" className="button button--secondary" onClick={() => setEditing(true)} data-testid="media-sap-code-edit">
            <FormattedMessage id="medias.sapCode.edit" />
          </button>
        )}
      </span>
    );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = draft.sapCode.trim();
    if (await submit({ sapCode: value === '' ? null : value }, (input) => setMediaSapCode(merchantId, mediaId, input.sapCode))) setEditing(false);
  }

  return (
    <form className="form form--inline" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="media-sap-code-form">
      <TextField {...field('sapCode')} labelId="medias.field.sapCode" hint={<FormattedMessage id="medias.sapCode.hint" />} />
      <SubmitButton labelId="medias.sapCode.save" busy={saving} testId="media-sap-code-save" />
      <button type="button" className="button button--secondary" onClick={() => setEditing(false)} data-testid="media-sap-code-cancel">
        <FormattedMessage id="medias.sapCode.cancel" />
      </button>
    </form>
  );
}
