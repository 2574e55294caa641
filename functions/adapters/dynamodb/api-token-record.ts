import * as z from 'zod/mini';
import { hashApiToken } from '../../core/shared/api-token';
import { recordSchema } from './records';

/**
 * A merchant's API token as its settings item holds it: `apiTokenHash`, or, in an item saved before tokens were hashed,
 * the plaintext `apiToken`, read as its hash (the settings repository rewrites such an item the first time it reads it).
 */
export const StoredApiToken = z.object({ apiTokenHash: z.optional(z.string()), apiToken: z.optional(z.string()) });
export type StoredApiToken = z.infer<typeof StoredApiToken>;

/** The hash to compare a given token with: '' when no token was issued. */
export const apiTokenHashOf = (stored: StoredApiToken): string => stored.apiTokenHash ?? (stored.apiToken ? hashApiToken(stored.apiToken) : '');

/** The projection of a settings item that reads its token (ACCESS-PATTERNS: Record schemas). */
export const apiTokenRecord = recordSchema('merchantSettings', StoredApiToken);
