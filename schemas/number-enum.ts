import * as z from 'zod/mini';

/**
 * A number that must be one of `values` (spec codes: criticities, command types, audit origins), coerced
 * from a query string when `coerce`. The values also go to JSON Schema as `enum`, so the OpenAPI document
 * lists them; the refine is what checks them (and keeps the type `number`).
 */
export const numberIn = <T extends number>(values: readonly T[], message: string, coerce = false) =>
  (coerce ? z.coerce.number() : z.number()).check(
    z.refine((v) => (values as readonly number[]).includes(v), message),
    z.meta({ enum: [...values] }),
  );
