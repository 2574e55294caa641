import type { LicenseStatus } from '#schemas/licence';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** The licence exceptions (spec §8) and the others of this area, each with its message. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  LicenseDeactivatedException: 'licence.error.deactivated',
  LicenseExpiredException: 'licence.error.expired',
  LicenseDoesNotExistException: 'licence.error.doesNotExist',
  LicenseNotAssignedYetException: 'licence.error.notAssignedYet',
  LicenseAlreadyAssignedException: 'licence.error.alreadyAssigned',
  LicenseTransitionNotAllowedException: 'licence.error.transition',
  LicenseChangedConcurrentlyException: 'licence.error.changedMeanwhile',
  NotADemoLicenseException: 'licence.error.notADemo',
  DemoLicenseExpiryException: 'licence.error.demoExpiry',
  TokenNotFoundException: 'licence.error.tokenNotFound',
  ClientNotFoundException: 'licence.error.clientNotFound',
  PosNotFoundException: 'licence.error.machineNotFound',
};

export function licenceErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

export const STATUS_MESSAGES: Record<LicenseStatus, string> = {
  0: 'licence.status.pending',
  1: 'licence.status.sent',
  2: 'licence.status.confirmed',
  3: 'licence.status.activated',
  4: 'licence.status.deactivated',
  5: 'licence.status.unassigned',
  6: 'licence.status.expired',
};

export const STATUS_TONE: Record<LicenseStatus, string> = { 0: 'neutral', 1: 'warning', 2: 'warning', 3: 'success', 4: 'danger', 5: 'neutral', 6: 'danger' };

export const TYPE_MESSAGES: Record<number, string> = { 0: 'licence.type.none', 1: 'licence.type.product', 2: 'licence.type.demo' };
export const MAINTENANCE_MESSAGES: Record<number, string> = {
  0: 'licence.maintenance.unknown',
  1: 'licence.maintenance.manufacturer',
  2: 'licence.maintenance.distributor',
  3: 'licence.maintenance.mixed',
};
export const OPERATION_MESSAGES: Record<number, string> = { 0: 'licence.operation.assisted', 1: 'licence.operation.semiAssisted' };
export const UNASSIGN_MESSAGES: Record<number, string> = {
  0: 'licence.unassign.case.remove',
  1: 'licence.unassign.case.changeClient',
  2: 'licence.unassign.case.endDemo',
  3: 'licence.unassign.case.endLicence',
};
