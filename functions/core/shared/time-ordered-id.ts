import { randomBytes } from 'node:crypto';

/** The sort-key bound of the ids created at `at` (a date filter on the id order). */
export const timeOrderedIdBound = (at: string) => Date.parse(at).toString(36).padStart(9, '0');

/**
 * Time-ordered id (remote commands, historical data requests, subscriptions): base-36 creation time (ms, 9 digits),
 * a dash, 12 random hex digits (or given ones: fixed ids of the demo, ids derived from what they are made for).
 */
export const timeOrderedId = (at: string, hex = randomBytes(6).toString('hex')) => `${timeOrderedIdBound(at)}-${hex}`;
