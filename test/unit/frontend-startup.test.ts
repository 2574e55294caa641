import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_SESSION_KEY, CONFIG_VERSION_KEY, loadConfiguration } from '../../frontend/src/lib/config';
import { MemoryStorage } from './support/memory-storage';

const config = (version: string) => ({
  version,
  stage: 'test',
  tenant: 'nebular',
  defaultTenant: 'nebular',
  apiBase: '/api/v1',
  defaultLanguage: 'it',
  auth: { region: 'eu-west-1', userPoolId: 'local_abc', clientId: 'client', endpoint: 'http://127.0.0.1:9229' },
});

function fetchReturning(body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

describe('startup configuration', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the configuration once and then reads it from session storage', async () => {
    const fetchImpl = fetchReturning(config('1'));
    expect(await loadConfiguration(fetchImpl)).toEqual(config('1'));
    expect(await loadConfiguration(fetchImpl)).toEqual(config('1'));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/spa-configuration', expect.anything());
    expect(JSON.parse(sessionStorage.getItem(CONFIG_SESSION_KEY) ?? '{}')).toEqual(config('1'));
  });

  it('clears every table state when the version changed', async () => {
    localStorage.setItem(CONFIG_VERSION_KEY, '1');
    localStorage.setItem('tables:devices:u1', '{"currentPage":3}');
    localStorage.setItem('tables:alarms:u1', '{}');
    localStorage.setItem('user:language', '"de"');
    await loadConfiguration(fetchReturning(config('2')));
    expect(localStorage.getItem('tables:devices:u1')).toBeNull();
    expect(localStorage.getItem('tables:alarms:u1')).toBeNull();
    expect(localStorage.getItem('user:language')).toBe('"de"');
    expect(localStorage.getItem(CONFIG_VERSION_KEY)).toBe('2');
  });

  it('keeps table states when the version is the same', async () => {
    localStorage.setItem(CONFIG_VERSION_KEY, '1');
    localStorage.setItem('tables:devices:u1', '{"currentPage":3}');
    await loadConfiguration(fetchReturning(config('1')));
    expect(localStorage.getItem('tables:devices:u1')).toBe('{"currentPage":3}');
  });

  it('ignores a stored configuration that no longer has the expected shape', async () => {
    sessionStorage.setItem(CONFIG_SESSION_KEY, '{"version":1}');
    const fetchImpl = fetchReturning(config('3'));
    expect((await loadConfiguration(fetchImpl)).version).toBe('3');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('fails when the server does not answer with a configuration', async () => {
    const fetchImpl = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(loadConfiguration(fetchImpl)).rejects.toThrow(/503/);
  });
});
