import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Language } from '#schemas/collections';
import { DEFAULT_LANGUAGE, isLanguage } from './language';
import { readStored, writeStored } from './storage';

export type Messages = Record<string, string>;

const catalogues = import.meta.glob<Messages>('../i18n/*.json', { import: 'default' });

/** Loads one catalogue (each language is its own small chunk). */
export async function loadMessages(language: Language): Promise<Messages> {
  const load = catalogues[`../i18n/${language}.json`];
  if (!load) throw new Error(`no catalogue for ${language}`);
  return load();
}

export function storedLanguage(): string | null {
  return readStored('user', 'language', isLanguage);
}

interface LanguageState {
  language: Language;
  /** Switches the UI language once its catalogue is loaded; remembered in this browser. */
  setLanguage: (language: Language) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage outside I18nProvider');
  return state;
}

export function I18nProvider({ initialLanguage, initialMessages, children }: { initialLanguage: Language; initialMessages: Messages; children: ReactNode }) {
  const [current, setCurrent] = useState({ language: initialLanguage, messages: initialMessages });

  const setLanguage = useCallback(async (language: Language) => {
    writeStored('user', 'language', language);
    const messages = await loadMessages(language);
    document.documentElement.lang = language;
    setCurrent((prev) => (prev.language === language ? prev : { language, messages }));
  }, []);

  const value = useMemo(() => ({ language: current.language, setLanguage }), [current.language, setLanguage]);

  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider locale={current.language} defaultLocale={DEFAULT_LANGUAGE} messages={current.messages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
