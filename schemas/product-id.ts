import * as z from 'zod/mini';

/* A product's id, apart so that a planogram's lines name it without bundling the product's own schemas. */

export const ProductId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid product id'));
