import * as z from 'zod/mini';

/** The `Idempotency-Key` header of a POST that must act once however often it is retried (command sends, refunds). */
export const idempotencyKeyHeader = z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,128}$/, '1–128 of A-Z a-z 0-9 _ . : -')));
