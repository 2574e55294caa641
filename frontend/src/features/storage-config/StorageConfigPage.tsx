import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import useSWR, { mutate } from 'swr';
import * as z from 'zod/mini';
import { StorageConfig, StorageConfigInput, StorageConfigTestResult } from '#schemas/storage-config';
import { TextField } from '../../components/form/fields';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDraft } from '../../components/form/use-draft';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { Page } from '../../components/Page';
import { ForOneMerchant, Loaded, errorMessageId } from '../../components/states';
import { useToast } from '../../components/toasts';
import { ApiError, apiGet, apiRequest } from '../../lib/api';
import { useCurrentMerchant } from '../../lib/resources/use-current-merchant';

const PATH = '/screen-configurations/storageconfig';
const keyOf = (merchantId: string) => [PATH, merchantId] as const;

const CODE_MESSAGES: Partial<Record<string, string>> = {
  RepositoryAuthenticationFailedException: 'storageConfig.error.authentication',
  StoragePasswordRequiredException: 'validation.required',
  StorageConfigChangedConcurrentlyException: 'storageConfig.error.changed',
};
const messageOf = (error: unknown) => (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);

/** An empty password box keeps the saved password (write-only: it is never shown). */
const Draft = z.strictObject({ ...StorageConfigInput.shape, password: z.string() });

/** /manage/storageconfig (super admin, merchant admin): the app bar's merchant's storage config and its connection test. */
export function StorageConfigPage() {
  const { merchantId, merchants } = useCurrentMerchant();
  return (
    <Page title={<FormattedMessage id="storageConfig.title" />} testId="storage-config-page">
      <ForOneMerchant merchants={merchants} merchantId={merchantId} chooseMessageId="storageConfig.chooseMerchant">
        {(id) => <ConfigOf key={id} merchantId={id} />}
      </ForOneMerchant>
    </Page>
  );
}

function ConfigOf({ merchantId }: { merchantId: string }) {
  const config = useSWR(keyOf(merchantId), () => apiGet(PATH, StorageConfig, { query: { merchantId } }));
  return <Loaded result={config}>{(c) => <StorageConfigForm merchantId={merchantId} config={c} />}</Loaded>;
}

function StorageConfigForm({ merchantId, config }: { merchantId: string; config: StorageConfig }) {
  const { showToast } = useToast();
  const [testing, setTesting] = useState(false);
  const { errors, saving, submit } = useFormSubmit(Draft, 'storageConfig.saved', {
    errorMessageId: messageOf,
    fieldMessages: { storageUrl: 'storageConfig.error.url' },
    codeFields: { StoragePasswordRequiredException: 'password' },
  });
  const { draft, field, set } = useDraft({ username: config.username, password: '', storageUrl: config.storageUrl }, errors);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(draft, async ({ password, ...rest }) => {
      const saved = await apiRequest(PATH, { method: 'PUT', query: { merchantId }, body: password ? { ...rest, password } : rest, schema: StorageConfig });
      set('password')('');
      await mutate(keyOf(merchantId), saved, { revalidate: false });
    });
  }

  async function test() {
    setTesting(true);
    try {
      await apiRequest(`${PATH}/test`, { method: 'POST', query: { merchantId }, schema: StorageConfigTestResult });
      showToast({ kind: 'success', messageId: 'storageConfig.tested' });
    } catch (error) {
      showToast({ kind: 'error', messageId: messageOf(error) });
    } finally {
      setTesting(false);
    }
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate aria-labelledby="storage-config-title" data-testid="storage-config-form">
      <h2 id="storage-config-title">
        <FormattedMessage id="storageConfig.subtitle" />
      </h2>
      <div className="form-grid">
        <TextField {...field('username')} labelId="storageConfig.username" autoComplete="off" required />
        <TextField
          {...field('password')}
          labelId="storageConfig.password"
          type="password"
          autoComplete="new-password"
          hint={<FormattedMessage id={config.passwordSet ? 'storageConfig.password.set' : 'storageConfig.password.unset'} />}
        />
        <TextField {...field('storageUrl')} labelId="storageConfig.storageUrl" type="url" required />
      </div>
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!config.configured || testing}
          onClick={() => void test()}
          data-testid="storage-test"
        >
          <FormattedMessage id="storageConfig.test" />
        </button>
        <SubmitButton labelId="storageConfig.save" busy={saving} testId="storage-save" />
      </div>
    </form>
  );
}
