import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateMachineNameException: 'errors.DuplicateMachineNameException',
  PosNotFoundException: 'errors.PosNotFoundException',
  AuditNotFoundException: 'errors.AuditNotFoundException',
  PosChangedConcurrentlyException: 'errors.PosChangedConcurrentlyException',
  InvalidPosGroupException: 'errors.InvalidPosGroupException',
  MachineStillBeingMovedException: 'errors.MachineStillBeingMovedException',
  TooManyMachinesMovingException: 'errors.TooManyMachinesMovingException',
  InvalidPosClientException: 'errors.InvalidPosClientException',
  MerchantRequiredException: 'errors.MerchantRequiredException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ExportTooLargeException: 'errors.devices.ExportTooLargeException',
  ValidationException: 'errors.ValidationException',
};

export function deviceErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const DEVICE_FORM_MESSAGES: FormMessages = {
  errorMessageId: deviceErrorMessageId,
  codeFields: { DuplicateMachineNameException: 'name' },
};

export const NOTE_FORM_MESSAGES: FormMessages = { errorMessageId: deviceErrorMessageId };
