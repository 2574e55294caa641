import * as z from 'zod/mini';

/** The console's languages: apart from collections.ts (which re-exports them) so that users' schemas bundle only these. */
export const LANGUAGES = ['it', 'es', 'en', 'fr', 'de', 'pt'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
