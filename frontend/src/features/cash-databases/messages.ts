import type { CashDatabase } from '#schemas/cash-database';
import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages (spec §8: CashDatabaseNotEnabledException, database version already registered, unsupported file type). */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  CashDatabaseNotEnabledException: 'errors.CashDatabaseNotEnabledException',
  CashDatabaseInUseException: 'cashDatabases.error.inUse',
  CashDatabaseNotFoundException: 'cashDatabases.error.notFound',
  DuplicateCashDatabaseVersionException: 'cashDatabases.error.duplicate',
  CashDatabaseChangedConcurrentlyException: 'cashDatabases.error.changed',
  UnsupportedFileTypeException: 'errors.UnsupportedFileTypeException',
  FileTooLargeException: 'cashDatabases.error.tooLarge',
  UploadNotFoundException: 'cashDatabases.error.upload',
  UploadFailed: 'cashDatabases.error.upload',
  InvalidRuleTargetException: 'cashDatabases.rules.error.target',
  RuleStatusConflictException: 'rollouts.error.status',
  RuleNotFoundException: 'rollouts.error.notFound',
};

export function cashDatabaseErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const CASH_DATABASE_FORM_MESSAGES: FormMessages = {
  errorMessageId: cashDatabaseErrorMessageId,
  codeFields: {
    DuplicateCashDatabaseVersionException: 'version',
    UnsupportedFileTypeException: 'file',
    FileTooLargeException: 'file',
    UploadNotFoundException: 'file',
    UploadFailed: 'file',
  },
  errorValues: { max: '64 MB' },
};

/** Rules: the missing cash database is the spec's "add first" on the field; a target that does not fit, on the target. */
export const CASH_DATABASE_RULE_FORM_MESSAGES: FormMessages = {
  errorMessageId: (error) =>
    error instanceof ApiError && error.code === 'CashDatabaseNotFoundException' ? 'cashDatabases.rules.error.addFirst' : cashDatabaseErrorMessageId(error),
  codeFields: { CashDatabaseNotFoundException: 'cashDatabaseId', InvalidRuleTargetException: 'target' },
};

export const CASH_DATABASES_PATH = '/manage/cash-database';

/** What a cash database is for: the machine's own database, or a peripheral's. */
export const targetMessageId = (db: Pick<CashDatabase, 'peripheral'>) => `cashDatabases.peripheral.${db.peripheral ?? 'machine'}`;
