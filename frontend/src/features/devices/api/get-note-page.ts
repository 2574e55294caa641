import useSWR, { mutate } from 'swr';
import { PosNotePage } from '#schemas/pos';
import type { PageQuery } from '../../../components/data-table/table-state';
import { apiGet } from '../../../lib/api';
import { posKey } from './get-pos';

/** GET /pos/{serial}/notes?page&size&ord=creationDate&ordType&cursor: the machine's notes, newest first by default. */
const LIST = '/pos/notes/page';
export const notesPath = (serial: string) => `${posKey(serial)}/notes`;
export const notePageKey = (serial: string, query: PageQuery) => [LIST, serial, query] as const;
export const fetchNotePage = (serial: string, query: PageQuery) => apiGet(notesPath(serial), PosNotePage, { query });

export function useNotePage(serial: string, query: PageQuery) {
  return useSWR(notePageKey(serial, query), ([, s, q]) => fetchNotePage(s, q), { keepPreviousData: true });
}

export function revalidateNotePages(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === LIST);
}
