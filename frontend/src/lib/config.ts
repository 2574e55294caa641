import { SpaConfiguration } from '#schemas/spa-configuration';
import { clearTableStates } from './storage';

/** sessionStorage: the configuration for this tab (spec §4 Startup). */
export const CONFIG_SESSION_KEY = 'spa-configuration';
/** localStorage: the last configuration version seen, to notice a new deployment across sessions. */
export const CONFIG_VERSION_KEY = 'spa-configuration:version';
export const CONFIG_URL = '/api/v1/spa-configuration';

function readSessionConfig(): SpaConfiguration | null {
  try {
    const raw = sessionStorage.getItem(CONFIG_SESSION_KEY);
    if (raw === null) return null;
    const parsed = SpaConfiguration.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // storage disabled: the app still works, it just fetches again next time
  }
}

/**
 * Startup configuration: from sessionStorage, else fetched (same origin) and stored. When the fetched
 * version differs from the one stored before, the cached configuration and every table state are cleared.
 */
export async function loadConfiguration(fetchImpl: typeof fetch = fetch): Promise<SpaConfiguration> {
  const cached = readSessionConfig();
  if (cached) return cached;

  const response = await fetchImpl(CONFIG_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`configuration request failed with HTTP ${response.status}`);
  const config = SpaConfiguration.parse(await response.json());

  safely(() => {
    const previousVersion = localStorage.getItem(CONFIG_VERSION_KEY);
    if (previousVersion !== null && previousVersion !== config.version) {
      sessionStorage.removeItem(CONFIG_SESSION_KEY);
      clearTableStates();
    }
    localStorage.setItem(CONFIG_VERSION_KEY, config.version);
    sessionStorage.setItem(CONFIG_SESSION_KEY, JSON.stringify(config));
  });
  return config;
}
