import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Language } from '#schemas/collections';
import type { SpaConfiguration } from '#schemas/spa-configuration';
import { ApiError } from '../lib/api';
import { I18nProvider, type Messages } from '../lib/intl';
import { ToastProvider } from '../components/toasts';
import { createAppRouter } from './router';

/** Client errors will not get better by asking again; server and network errors may. */
function shouldRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

export function App({ config, language, messages }: { config: SpaConfiguration; language: Language; messages: Messages }) {
  const router = useMemo(() => createAppRouter(config.apiBase), [config.apiBase]);
  return (
    <I18nProvider initialLanguage={language} initialMessages={messages}>
      <ToastProvider>
        <SWRConfig
          value={{
            revalidateOnFocus: false,
            shouldRetryOnError: shouldRetry,
            errorRetryCount: 2,
          }}
        >
          <RouterProvider router={router} />
        </SWRConfig>
      </ToastProvider>
    </I18nProvider>
  );
}
