import useSWR, { mutate } from 'swr';
import { SapCodePage } from '#schemas/sap-code';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /sapcodes?merchantId&page&size&ord=code&ordType&cursor: a merchant's SAP codes by code. */
const LIST = '/sapcodes/page';
export const SAP_CODES_PATH = '/sapcodes';

export function useSapCodePage(merchantId: string, query: PageQuery) {
  return useSWR([LIST, merchantId, query] as const, ([, m, q]) => apiGet(SAP_CODES_PATH, SapCodePage, { query: { ...q, merchantId: m } }), {
    keepPreviousData: true,
  });
}

export function revalidateSapCodeLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}
