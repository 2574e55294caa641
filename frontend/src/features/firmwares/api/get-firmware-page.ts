import useSWR, { mutate } from 'swr';
import { FirmwarePage } from '#schemas/firmware';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';

/** GET /firmwares?page&size&ord=deviceType&ordType&cursor&deviceType: the catalogue by device type and version. */
const LIST = '/firmwares/page';
export const FIRMWARES_PATH = '/firmwares';

export function useFirmwarePage(query: PageQuery) {
  return useSWR([LIST, query] as const, ([, q]) => apiGet(FIRMWARES_PATH, FirmwarePage, { query: q }), { keepPreviousData: true });
}

export function revalidateFirmwareLists(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}
