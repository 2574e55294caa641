import { SERIAL_PATTERN } from '#schemas/pos';
import { MAX_PICK_LIST_MACHINES, type PickListQueryParams } from '#schemas/stock';

/** Which machines a pick list covers (the API takes exactly one): a group, a client, or machines chosen one by one. */
export type PickListSelection = { kind: 'group'; id: string } | { kind: 'client'; id: string } | { kind: 'machines'; serials: string[] };
export type PickListKind = PickListSelection['kind'];
export const PICK_LIST_KINDS: readonly PickListKind[] = ['group', 'client', 'machines'];

/** Machine serials as the address carries them (comma-joined): valid ones, each once, at most the API's limit. */
export function parseSerials(text: string): string[] {
  const serials = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => SERIAL_PATTERN.test(s));
  return [...new Set(serials)].slice(0, MAX_PICK_LIST_MACHINES);
}

/** The selection the address names (`?groupId=`, `?clientId=` or `?serials=`), so a pick list can be bookmarked and printed; null when none. */
export function selectionFromSearch(search: URLSearchParams): PickListSelection | null {
  const groupId = search.get('groupId');
  if (groupId) return { kind: 'group', id: groupId };
  const clientId = search.get('clientId');
  if (clientId) return { kind: 'client', id: clientId };
  const serials = parseSerials(search.get('serials') ?? '');
  return serials.length > 0 ? { kind: 'machines', serials } : null;
}

/** The address's query for a selection. */
export function searchOfSelection(selection: PickListSelection): Record<string, string> {
  if (selection.kind === 'group') return { groupId: selection.id };
  if (selection.kind === 'client') return { clientId: selection.id };
  return { serials: selection.serials.join(',') };
}

/** The API query of a selection of one merchant. */
export function pickListQuery(merchantId: string, selection: PickListSelection): PickListQueryParams {
  return { merchantId, ...searchOfSelection(selection) };
}
