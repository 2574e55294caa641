import type { AuditTrailActor, AuditTrailOutcome } from '#schemas/audit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of the audit trail and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  MaxResultsExceededException: 'auditLog.pastTheCap.toast',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
};

/** The filters the API refuses by name (query.to for an inverted range, query.from for one too long). */
const FIELD_MESSAGES: Partial<Record<string, string>> = {
  'query.from': 'auditLog.error.rangeTooLong',
  'query.to': 'dateRange.inverted',
};

export function auditErrorMessageId(error: unknown): string {
  if (!(error instanceof ApiError)) return errorMessageId(error);
  const field = error.code === 'ValidationException' ? error.details?.map((d) => FIELD_MESSAGES[d.path]).find(Boolean) : undefined;
  return field ?? CODE_MESSAGES[error.code] ?? (error.code === 'ValidationException' ? 'errors.ValidationException' : errorMessageId(error));
}

/** An export past the cap: the filters match more entries than one CSV holds. */
export const isPastTheCap = (error: unknown) => error instanceof ApiError && error.code === 'MaxResultsExceededException';

export const OUTCOME_MESSAGES: Record<AuditTrailOutcome, string> = {
  success: 'auditLog.outcome.success',
  refused: 'auditLog.outcome.refused',
  error: 'auditLog.outcome.error',
  unanswered: 'auditLog.outcome.unanswered',
};

export const OUTCOME_TONE: Record<AuditTrailOutcome, string> = { success: 'ok', refused: 'warn', error: 'bad', unanswered: 'bad' };

/** Who called, when it was not a console user. */
export const ACTOR_MESSAGES: Record<Exclude<AuditTrailActor['kind'], 'user'>, string> = {
  apiToken: 'auditLog.actor.apiToken',
  paymentService: 'auditLog.actor.paymentService',
  link: 'auditLog.actor.link',
};

/** The kinds of target the log names and links to; any other is shown by its type. */
export const TARGET_MESSAGES: Partial<Record<string, string>> = {
  pos: 'auditLog.target.pos',
  media: 'auditLog.target.media',
  user: 'auditLog.target.user',
};
