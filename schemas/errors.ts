import * as z from 'zod/mini';

/** Body of every non-2xx answer (DESIGN.md §8). */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  correlationId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
