import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApi, TIMEOUT } from '../../frontend/src/lib/api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('API client', () => {
  const onUnauthenticated = vi.fn();
  const getToken = vi.fn(async (forceRefresh: boolean) => (forceRefresh ? 'fresh-token' : 'id-token'));

  beforeEach(() => {
    onUnauthenticated.mockReset();
    getToken.mockClear();
    configureApi({ baseUrl: '/api/v1', getToken, onUnauthenticated });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the ID token as a bearer token and JSON bodies', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/users/me', { method: 'PUT', body: { language: 'de' }, query: { page: 1, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/me?page=1');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"language":"de"}');
  });

  it('turns the error body into a typed ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { code: 'MerchantNotFoundException', message: 'merchant not found', correlationId: 'c-1' })),
    );
    const error = await apiRequest('/merchants/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'MerchantNotFoundException', message: 'merchant not found', correlationId: 'c-1' });
  });

  it('keeps validation details', async () => {
    const details = [{ path: 'name', message: 'name is required' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { code: 'ValidationError', message: 'invalid', details, correlationId: 'c-2' })),
    );
    await expect(apiRequest('/merchants', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 400, details });
  });

  it('gives up after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    await expect(apiRequest('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ code: TIMEOUT, status: 0 });
  });

  it('retries a 401 once with a refreshed token, then logs out', async () => {
    const fetchMock = vi.fn(async () => json(401, { code: 'UnauthorizedUserException', message: 'expired', correlationId: 'c-3' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToken).toHaveBeenLastCalledWith(true);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('logs out when no token can be acquired', async () => {
    getToken.mockRejectedValueOnce(new Error('refresh failed'));
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('validates the answer with the given schema', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { id: 1 })),
    );
    const schema = {
      parse: (data: unknown) => {
        if (typeof (data as { id: unknown }).id !== 'string') throw new Error('bad');
        return data as { id: string };
      },
    };
    await expect(apiRequest('/x', { schema })).rejects.toMatchObject({ code: 'BadResponse' });
  });
});
