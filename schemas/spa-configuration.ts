import * as z from 'zod/mini';

/** What the SPA reads at startup (spec §4 Startup); `version` changing clears cached config and table states. */
export const SpaConfiguration = z.object({
  version: z.string(),
  stage: z.string(),
  tenant: z.string(),
  /** The tenant whose users may carry a single-value role claim (spec §4). */
  defaultTenant: z.string(),
  apiBase: z.string(),
  defaultLanguage: z.string(),
  auth: z.object({
    region: z.string(),
    userPoolId: z.string(),
    clientId: z.string(),
    endpoint: z.optional(z.string()),
  }),
});
export type SpaConfiguration = z.infer<typeof SpaConfiguration>;
