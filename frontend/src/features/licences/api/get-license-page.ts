import useSWR, { mutate } from 'swr';
import { LicensePage } from '#schemas/licence';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

const LIST = '/service-manager/license';

/** GET /service-manager/license?merchantId&status&page&size&ordType&cursor: a merchant's licences by status, then serial. */
export function useLicensePage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([path, m, q]) => apiGet(path, LicensePage, { query: { ...q, merchantId: m } }), {
    keepPreviousData: true,
  });
}

/** After an action: every page of licences asks again. */
export const revalidateLicenses = () => mutate((key) => Array.isArray(key) && key[0] === LIST);
