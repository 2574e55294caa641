import useSWR from 'swr';
import { FirmwarePage } from '#schemas/firmware';
import { MAX_PAGE_SIZE } from '#schemas/paging';
import { apiGet } from '../../../lib/api';

/** GET /firmwares: the firmwares a rule can roll out (the first page of the catalogue by device type and version). */
export function useRuleFirmwares() {
  return useSWR('/firmwares/for-rules', () => apiGet('/firmwares', FirmwarePage, { query: { size: MAX_PAGE_SIZE, ordType: 'desc' } }));
}
