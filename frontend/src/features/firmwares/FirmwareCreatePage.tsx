import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { DEVICE_TYPES } from '#schemas/collections';
import { FIRMWARE_LEVELS, FIRMWARE_MAX_BYTES, FirmwareCreate } from '#schemas/firmware';
import { SelectField, TextField } from '../../components/form/fields';
import { FileUploadField } from '../../components/form/FileUploadField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useDraft } from '../../components/form/use-draft';
import { useFormSubmit } from '../../components/form/use-form-submit';
import { CrudCreatePage } from '../../components/crud/CrudCreatePage';
import type { FieldErrors } from '../../lib/form-errors';
import { RELEASE_FILE_ACCEPT, releaseFileType, uploadReleaseFile } from '../../lib/release-upload';
import { createFirmware } from './api/save-firmware';
import { FIRMWARE_FORM_MESSAGES, firmwarePath } from './messages';

/** What the form checks before sending; the file's upload id comes once it is sent. */
const FirmwareFields = z.omit(FirmwareCreate, { uploadId: true, fileName: true });
const today = () => new Date().toISOString().slice(0, 10);
/** A version part as typed: a number when it is one, else the text (refused with the field's message). */
const numberOrText = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** /admin/firmwares/create: the version, device type, level and release date, and the file sent with its progress. */
export function FirmwareCreatePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { errors, saving, submit } = useFormSubmit(FirmwareFields, 'firmwares.created', FIRMWARE_FORM_MESSAGES);
  const { draft, field } = useDraft({ major: '', minor: '', patch: '', build: '', deviceType: 'CENG', level: 'Production', releaseDate: today() }, errors);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  /** The chosen file's problem, checked before anything is sent (the API checks it again by content). */
  const fileProblem = (): FieldErrors => {
    const messageId = !file
      ? 'validation.required'
      : !releaseFileType(file)
        ? 'errors.UnsupportedFileTypeException'
        : file.size > FIRMWARE_MAX_BYTES
          ? 'firmwares.error.tooLarge'
          : undefined;
    return messageId ? { file: { messageId, values: { max: '256 MB' } } } : {};
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const values = {
      ...draft,
      major: numberOrText(draft.major),
      minor: numberOrText(draft.minor),
      patch: numberOrText(draft.patch),
      build: numberOrText(draft.build),
    };
    void submit(
      values,
      async (fields) => {
        const type = file && releaseFileType(file);
        if (!file || !type) return;
        setProgress(0);
        try {
          const uploadId = await uploadReleaseFile('/firmwares/uploads', file, type, setProgress);
          const firmware = await createFirmware({ ...fields, uploadId, fileName: file.name });
          navigate(firmwarePath(firmware.id));
        } finally {
          setProgress(null);
        }
      },
      fileProblem,
    );
  }

  return (
    <CrudCreatePage
      scope="platform"
      route="firmwares.create"
      titleId="firmwares.create.title"
      testId="firmware-create-page"
      listPath="/admin/firmwares"
      backMessageId="firmwares.backToList"
    >
      <form className="card form" onSubmit={onSubmit} noValidate data-testid="firmware-form">
        <div className="form-grid">
          {(['major', 'minor', 'patch', 'build'] as const).map((part) => (
            <TextField key={part} {...field(part)} labelId={`firmwares.field.${part}`} required />
          ))}
          <SelectField {...field('deviceType')} labelId="firmwares.field.deviceType" options={DEVICE_TYPES.map((t) => ({ value: t, label: t }))} />
          <SelectField
            {...field('level')}
            labelId="firmwares.field.level"
            options={FIRMWARE_LEVELS.map((l) => ({ value: l, label: intl.formatMessage({ id: `firmwares.level.${l}` }) }))}
          />
          <TextField {...field('releaseDate')} labelId="firmwares.field.releaseDate" type="date" required />
        </div>
        <FileUploadField
          labelId="firmwares.field.file"
          testId="firmware"
          file={file}
          onChange={setFile}
          accept={RELEASE_FILE_ACCEPT}
          maxBytes={FIRMWARE_MAX_BYTES}
          progress={progress}
          error={errors.file ?? errors.uploadId}
        />
        <div className="form__actions">
          <SubmitButton labelId="firmwares.create.submit" busy={saving} testId="firmware-submit" />
        </div>
      </form>
    </CrudCreatePage>
  );
}
