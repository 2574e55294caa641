import useSWR from 'swr';
import { Collections } from '#schemas/collections';
import { apiGet } from '../api';

/** GET /collections: reference data (currencies, countries, languages, …); public, changes per release. */
export const collectionsKey = '/collections';
export const fetchCollections = () => apiGet(collectionsKey, Collections);

export function useCollections() {
  return useSWR(collectionsKey, fetchCollections, { revalidateOnFocus: false, revalidateIfStale: false });
}
