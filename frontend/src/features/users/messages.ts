import type { FormMessages } from '../../components/form/use-form-submit';
import { errorMessageId } from '../../components/states';
import { ApiError } from '../../lib/api';

/** Server exception codes of this area (spec §8) and their messages. */
const CODE_MESSAGES: Partial<Record<string, string>> = {
  DuplicateUserException: 'errors.DuplicateUserException',
  GroupAdminMerchantsValidationException: 'errors.GroupAdminMerchantsValidationException',
  UserAlreadyActiveException: 'errors.UserAlreadyActiveException',
  UserNotFoundException: 'errors.UserNotFoundException',
  UserMerchantRequiredException: 'errors.UserMerchantRequiredException',
  InvalidUserMerchantsException: 'errors.InvalidUserMerchantsException',
  InvalidUserGroupsException: 'errors.InvalidUserGroupsException',
  CannotChangeOwnRoleException: 'errors.CannotChangeOwnRoleException',
  CannotDeleteOwnUserException: 'errors.CannotDeleteOwnUserException',
  UserChangedConcurrentlyException: 'errors.UserChangedConcurrentlyException',
  ExportTooLargeException: 'errors.ExportTooLargeException',
  MerchantNotFoundException: 'errors.MerchantNotFoundException',
  ValidationException: 'errors.ValidationException',
};

/** A failed call as a toast or error-state message: the area's codes, else forbidden / not found / unavailable / generic. */
export function userErrorMessageId(error: unknown): string {
  return (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
}

/** The user form's messages: conflicts and rules that belong to one field. */
export const USER_FORM_MESSAGES: FormMessages = {
  errorMessageId: userErrorMessageId,
  codeFields: {
    DuplicateUserException: 'email',
    GroupAdminMerchantsValidationException: 'groupIds',
    UserMerchantRequiredException: 'merchantIds',
    InvalidUserMerchantsException: 'merchantIds',
    InvalidUserGroupsException: 'groupIds',
    CannotChangeOwnRoleException: 'role',
  },
};
