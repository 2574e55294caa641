import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureAuth } from './lib/auth';
import { loadConfiguration } from './lib/config';
import { loadMessages, storedLanguage } from './lib/intl';
import { isLanguage, pickInitialLanguage } from './lib/language';
import './styles/app.css';

/** Spec §4 Startup: configuration (session storage, else fetched and stored), then the app mounts. */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  const config = await loadConfiguration();
  configureAuth(config);
  const fallback = isLanguage(config.defaultLanguage) ? config.defaultLanguage : undefined;
  const language = pickInitialLanguage(navigator.languages ?? [navigator.language], storedLanguage(), fallback);
  const messages = await loadMessages(language);
  document.documentElement.lang = language;
  createRoot(root).render(
    <StrictMode>
      <App config={config} language={language} messages={messages} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  // No catalogue may be loaded yet: the static page carries the message in the six languages.
  document.getElementById('startup-error')?.removeAttribute('hidden');
  document.getElementById('root')?.setAttribute('hidden', '');
});
