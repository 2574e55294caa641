import useSWR from 'swr';
import { SapCode } from '#schemas/sap-code';
import { apiGet } from '../../../lib/api';
import { SAP_CODES_PATH } from './get-sap-code-page';

/** GET /sapcodes/{sapCodeId}. */
export const sapCodeKey = (id: string) => `${SAP_CODES_PATH}/${encodeURIComponent(id)}`;

export function useSapCode(id: string) {
  return useSWR(sapCodeKey(id), (key: string) => apiGet(key, SapCode));
}
