import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { CASH_DATABASE_MAX_BYTES, CASH_DATABASE_PERIPHERALS, CashDatabaseCreate } from '#schemas/cash-database';
import { CASH_DEVICE_TYPES } from '#schemas/device-types';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import { itemPath } from '../../components/crud/item-address';
import { SelectField, TextField } from '../../components/form/fields';
import { FileUploadField } from '../../components/form/FileUploadField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDraft } from '../../components/form/use-draft';
import { useFormSubmit } from '../../components/form/use-form-submit';
import type { FieldErrors } from '../../lib/form-errors';
import { RELEASE_FILE_ACCEPT, releaseFileType, uploadReleaseFile } from '../../lib/release-upload';
import { cashDatabasesPath } from './api/get-cash-database-page';
import { createCashDatabase } from './api/save-cash-database';
import { CASH_DATABASE_FORM_MESSAGES, CASH_DATABASES_PATH } from './messages';

/** What the form checks before sending; the file's upload id comes once it is sent. */
const CashDatabaseFields = z.omit(CashDatabaseCreate, { uploadId: true, fileName: true });
const MACHINE = 'machine';

/** /manage/cash-database/create: a version of the merchant picked in the app bar, with its file sent with its progress, then its screen. */
export function CashDatabaseCreatePage() {
  return (
    <CrudCreatePage
      route="cashDatabases.create"
      titleId="cashDatabases.create.title"
      testId="cash-database-create-page"
      listPath={CASH_DATABASES_PATH}
      backMessageId="cashDatabases.backToList"
      chooseMessageId="cashDatabases.chooseMerchant"
    >
      {(merchantId) => <CashDatabaseForm key={merchantId} merchantId={merchantId} />}
    </CrudCreatePage>
  );
}

function CashDatabaseForm({ merchantId }: { merchantId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { errors, saving, submit } = useFormSubmit(CashDatabaseFields, 'cashDatabases.created', CASH_DATABASE_FORM_MESSAGES);
  const { draft, field } = useDraft({ version: '', deviceType: CASH_DEVICE_TYPES[0] as string, peripheral: MACHINE as string, description: '' }, errors);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  /** The chosen file's problem, checked before anything is sent (the API checks it again by content). */
  const fileProblem = (): FieldErrors => {
    const messageId = !file
      ? 'validation.required'
      : !releaseFileType(file)
        ? 'errors.UnsupportedFileTypeException'
        : file.size > CASH_DATABASE_MAX_BYTES
          ? 'cashDatabases.error.tooLarge'
          : undefined;
    return messageId ? { file: { messageId, values: { max: '64 MB' } } } : {};
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = { ...draft, peripheral: draft.peripheral === MACHINE ? null : draft.peripheral };
    void submit(
      values,
      async (fields) => {
        const type = file && releaseFileType(file);
        if (!file || !type) return;
        setProgress(0);
        try {
          const uploadId = await uploadReleaseFile(`${cashDatabasesPath(merchantId)}/uploads`, file, type, setProgress);
          const created = await createCashDatabase(merchantId, { ...fields, uploadId, fileName: file.name });
          navigate(itemPath(CASH_DATABASES_PATH, created.merchantId, created.id));
        } finally {
          setProgress(null);
        }
      },
      fileProblem,
    );
  }

  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="cash-database-form">
      <div className="form-grid">
        <TextField {...field('version')} labelId="cashDatabases.field.version" required />
        <SelectField {...field('deviceType')} labelId="cashDatabases.field.deviceType" options={CASH_DEVICE_TYPES.map((t) => ({ value: t, label: t }))} />
        <SelectField
          {...field('peripheral')}
          labelId="cashDatabases.field.peripheral"
          options={[MACHINE, ...CASH_DATABASE_PERIPHERALS].map((p) => ({ value: p, label: intl.formatMessage({ id: `cashDatabases.peripheral.${p}` }) }))}
        />
        <TextField {...field('description')} labelId="cashDatabases.field.description" />
      </div>
      <FileUploadField
        labelId="cashDatabases.field.file"
        testId="cash-database"
        file={file}
        onChange={setFile}
        accept={RELEASE_FILE_ACCEPT}
        maxBytes={CASH_DATABASE_MAX_BYTES}
        progress={progress}
        error={errors.file ?? errors.uploadId}
      />
      <div className="form__actions">
        <SubmitButton labelId="cashDatabases.create.submit" busy={saving} testId="cash-database-submit" />
      </div>
    </form>
  );
}
