import { type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { DevicesWhitelistInput } from '#schemas/devices-whitelist';
import { TextField } from '../../components/form/fields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDraft } from '../../components/form/use-draft';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { Page } from '../../components/Page';
import { ForOneMerchant } from '../../components/states';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';
import { addToWhitelist, whitelistErrorMessageId } from './api';

/** /manage/screen-configuration-whitelist/create (super admin, merchant admin): whitelist a device until the merchant's expiry. */
export function WhitelistCreatePage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page
      title={<FormattedMessage id="devicesWhitelist.create.title" />}
      actions={
        <Link to="/manage/screen-configuration-whitelist" className="button button--secondary">
          <FormattedMessage id="devicesWhitelist.backToList" />
        </Link>
      }
      testId="whitelist-create-page"
    >
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="devicesWhitelist.chooseMerchant">
        {(id) => <CreateForm key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function CreateForm({ merchantId }: { merchantId: string }) {
  const navigate = useNavigate();
  const { errors, saving, submit } = useFormSubmit(DevicesWhitelistInput, 'devicesWhitelist.added', {
    errorMessageId: whitelistErrorMessageId,
    fieldMessages: { serial: 'devicesWhitelist.error.serial' },
  });
  const { draft, field } = useDraft({ serial: '', description: '' }, errors);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(draft, async (input) => {
      await addToWhitelist(merchantId, input);
      navigate('/manage/screen-configuration-whitelist');
    });
  }
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="whitelist-form">
      <div className="form-grid">
        <TextField {...field('serial')} labelId="devicesWhitelist.serial" hint="CENG-00000001" required />
        <TextField {...field('description')} labelId="devicesWhitelist.description" />
      </div>
      <div className="form__actions">
        <SubmitButton labelId="devicesWhitelist.add" busy={saving} testId="whitelist-submit" />
      </div>
    </form>
  );
}
