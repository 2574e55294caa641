/**
 * Most items one count of a filtered or date-bounded range reads (DynamoDB bills a COUNT like reading the
 * items): past that a list says "at least", so a request never reads a whole history or fleet to number it.
 * Apart from paging.ts (zod) for the storage adapters.
 */
export const COUNT_READ_LIMIT = 2_000;
