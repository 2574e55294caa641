import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant';
import { UserList, type User } from '#schemas/user';
import { apiGet, LONG_TIMEOUT_MS } from '../../../lib/api';

/**
 * GET /users/all?merchantId=: every user the caller sees, or one merchant's (the table's CSV export);
 * more than the export cap answers 400 ExportTooLargeException.
 */
export function fetchAllUsers(merchantId: string | null): Promise<User[]> {
  const query = merchantId && merchantId !== ALL_DISTRIBUTORS_ID ? { merchantId } : {};
  return apiGet('/users/all', UserList, { query, timeoutMs: LONG_TIMEOUT_MS });
}
