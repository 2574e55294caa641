import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages (spec §8: firmware in use, unsupported file type). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  FirmwareInUseException: 'errors.FirmwareInUseException',
  FirmwareNotFoundException: 'firmwares.error.notFound',
  DuplicateFirmwareVersionException: 'firmwares.error.duplicate',
  UnsupportedFileTypeException: 'errors.UnsupportedFileTypeException',
  FileTooLargeException: 'firmwares.error.tooLarge',
  UploadNotFoundException: 'firmwares.error.upload',
  UploadFailed: 'firmwares.error.upload',
  FirmwareChangedConcurrentlyException: 'firmwares.error.changed',
};

export function firmwareErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const FIRMWARE_FORM_MESSAGES: FormMessages = {
  errorMessageId: firmwareErrorMessageId,
  fieldMessages: { build: 'firmwares.error.build' },
  codeFields: {
    DuplicateFirmwareVersionException: 'build',
    UnsupportedFileTypeException: 'file',
    FileTooLargeException: 'file',
    UploadNotFoundException: 'file',
    UploadFailed: 'file',
  },
  errorValues: { max: '256 MB' },
};

export const firmwarePath = (id: string) => `/admin/firmwares/${encodeURIComponent(id)}`;
