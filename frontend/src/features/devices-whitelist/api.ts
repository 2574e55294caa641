import useSWR, { mutate } from 'swr';
import { DevicesWhitelistEntries, DevicesWhitelistEntry, type DevicesWhitelistInput } from '#schemas/devices-whitelist';
import { ApiError, apiGet, apiRequest } from '../../lib/api';
import { errorMessageId } from '../../components/states';

const PATH = '/devices-whitelist';
const keyOf = (merchantId: string) => [PATH, merchantId] as const;

/** GET /devices-whitelist?merchantId: the entries, expired ones marked. */
export function useWhitelist(merchantId: string) {
  return useSWR(keyOf(merchantId), () => apiGet(PATH, DevicesWhitelistEntries, { query: { merchantId } }));
}

export async function addToWhitelist(merchantId: string, input: DevicesWhitelistInput) {
  const entry = await apiRequest(PATH, { method: 'POST', query: { merchantId }, body: input, schema: DevicesWhitelistEntry });
  await mutate(keyOf(merchantId));
  return entry;
}

export async function removeFromWhitelist(merchantId: string, serial: string) {
  await apiRequest(`${PATH}/${encodeURIComponent(serial)}`, { method: 'DELETE', query: { merchantId } });
  await mutate(keyOf(merchantId));
}

const CODE_MESSAGES: Partial<Record<string, string>> = {
  DevicesWhitelistEntryNotFoundException: 'devicesWhitelist.error.notFound',
  DevicesWhitelistEntryExpiredException: 'devicesWhitelist.error.expired',
};
export const whitelistErrorMessageId = (error: unknown) => (error instanceof ApiError && CODE_MESSAGES[error.code]) || errorMessageId(error);
