import useSWR from 'swr';
import { MediaTypesUsed } from '#schemas/media';
import { apiGet } from '../../../lib/api';

/** GET /medias/used-types?merchantId: the media types the merchant's medias have (the type filter's options). */
export function useUsedMediaTypes(merchantId: string) {
  return useSWR(['/medias/used-types', merchantId] as const, ([path, m]) => apiGet(path, MediaTypesUsed, { query: { merchantId: m } }));
}
