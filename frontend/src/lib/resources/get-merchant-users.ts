import useSWR from 'swr';
import { UserList } from '#schemas/user';
import { apiGet, LONG_TIMEOUT_MS } from '../api';

/** GET /users/all?merchantId=: every user of one merchant (administrators only), to pick who is notified. */
export function useMerchantUsers(merchantId: string | null) {
  return useSWR(merchantId ? (['/users/all', merchantId] as const) : null, ([path, m]) =>
    apiGet(path, UserList, { query: { merchantId: m }, timeoutMs: LONG_TIMEOUT_MS }),
  );
}
