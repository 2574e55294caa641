import type { PlanogramType } from '#schemas/planogram';
import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicatePlanogramNameException: 'planograms.error.duplicate',
  PlanogramNotFoundException: 'planograms.error.notFound',
  PlanogramInUseException: 'planograms.error.inUse',
  TooManyPlanogramMachinesException: 'planograms.error.tooManyMachines',
  ProductNotFoundException: 'planograms.error.unknownProduct',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

export function planogramErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const PLANOGRAM_FORM_MESSAGES: FormMessages = {
  errorMessageId: planogramErrorMessageId,
  fieldMessages: { lines: 'planograms.error.lines' },
  codeFields: { DuplicatePlanogramNameException: 'name' },
};

/** Planogram types (spec §4: A hot, B cold). */
export const TYPE_MESSAGES: Record<PlanogramType, string> = { A: 'planograms.type.A', B: 'planograms.type.B' };
