import { useCallback, useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/storage';
import { MENU_GROUPS, type MenuGroupId } from '../menu';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The open groups a stored value names (groups that no longer exist are dropped). */
export const storedOpenGroups = (value: unknown): MenuGroupId[] => (isStringList(value) ? MENU_GROUPS.map((g) => g.id).filter((id) => value.includes(id)) : []);

/** `open` with `group` opened (the screen's group on arriving there). */
export const withGroupOpen = (open: readonly MenuGroupId[], group: MenuGroupId | null): readonly MenuGroupId[] =>
  group === null || open.includes(group) ? open : [...open, group];

/** `open` with `group` switched (its toggle pressed). */
export const withGroupToggled = (open: readonly MenuGroupId[], group: MenuGroupId): readonly MenuGroupId[] =>
  open.includes(group) ? open.filter((g) => g !== group) : [...open, group];

/**
 * The menu groups that are open, remembered per user in localStorage (`menu:<userId>`, kept across sign-ins
 * like the tables' state). Arriving on a screen opens its group; the user closes and opens the others.
 */
export function useOpenGroups(userId: string, current: MenuGroupId | null) {
  const [open, setOpen] = useState(() => withGroupOpen(storedOpenGroups(readStored('menu', userId, isStringList)), current));
  useEffect(() => setOpen((groups) => withGroupOpen(groups, current)), [current]);
  useEffect(() => writeStored('menu', userId, open), [userId, open]);
  const toggle = useCallback((group: MenuGroupId) => setOpen((groups) => withGroupToggled(groups, group)), []);
  return { open, toggle };
}
