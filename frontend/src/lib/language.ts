import { LANGUAGES, type Language } from '#schemas/collections';

/** The language the catalogues are written against; it fills any gap. */
export const DEFAULT_LANGUAGE: Language = 'it';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The UI language before we know the user's (spec: default it; the browser language when supported,
 * else en). A language remembered in this browser (the last user's) wins; when the browser states no
 * preference at all, the deployment's default applies.
 */
export function pickInitialLanguage(browserLanguages: readonly string[], stored: string | null = null, fallback: Language = DEFAULT_LANGUAGE): Language {
  if (isLanguage(stored)) return stored;
  if (browserLanguages.length === 0) return fallback;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
