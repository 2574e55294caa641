import { ErrorBody } from '#schemas/errors';

/** Spec §7/§9: default timeout 60 s, long operations 120 s. */
export const DEFAULT_TIMEOUT_MS = 60_000;
export const LONG_TIMEOUT_MS = 120_000;

/** A failed API call. `code` is the server's exception code, or one of the client-side codes below. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorBody['details'] = undefined,
    readonly correlationId: string | undefined = undefined,
  ) {
    super(message);
  }
}

/** Client-side error codes (status 0: no HTTP answer). */
export const TIMEOUT = 'TimeoutError';
export const NETWORK = 'NetworkError';
export const UNAUTHENTICATED = 'Unauthenticated';
export const BAD_RESPONSE = 'BadResponse';

interface ApiSettings {
  baseUrl: string;
  /** The bearer token; throws when none can be had. */
  getToken: (forceRefresh: boolean) => Promise<string>;
  /** Called when the token cannot be acquired: the app logs out. */
  onUnauthenticated: () => void;
}

let settings: ApiSettings | null = null;

export function configureApi(next: ApiSettings): void {
  settings = next;
}

/** The parts of a schema the client needs (any zod/mini schema fits). */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Validates the response body; without it the body is returned unchecked. */
  schema?: Parser<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Public calls (collections, …) send no token. */
  anonymous?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

function url(path: string, query: RequestOptions<unknown>['query']): string {
  const base = settings?.baseUrl ?? '/api/v1';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

async function token(forceRefresh: boolean): Promise<string> {
  if (!settings) throw new ApiError(0, UNAUTHENTICATED, 'API client is not configured');
  try {
    return await settings.getToken(forceRefresh);
  } catch {
    settings.onUnauthenticated();
    throw new ApiError(401, UNAUTHENTICATED, 'session expired');
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, details, correlationId } = parsed.data;
    return new ApiError(response.status, code, message, details, correlationId);
  }
  return new ApiError(response.status, `Http${response.status}`, response.statusText || `HTTP ${response.status}`);
}

/** One HTTP exchange with the bearer token, timeout and one token refresh on 401; a non-2xx answer throws an ApiError. */
async function exchange(path: string, options: RequestOptions<unknown>, accept: string): Promise<Response> {
  const { method = 'GET', query, body, timeoutMs = DEFAULT_TIMEOUT_MS, signal, anonymous = false, headers: extra = {} } = options;

  const send = async (forceRefresh: boolean): Promise<Response> => {
    const headers: Record<string, string> = { ...extra, Accept: accept };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (!anonymous) headers.Authorization = `Bearer ${await token(forceRefresh)}`;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await fetch(url(path, query), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (controller.signal.aborted) throw new ApiError(0, TIMEOUT, `no answer within ${timeoutMs} ms`);
      throw new ApiError(0, NETWORK, error instanceof Error ? error.message : 'network error');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };

  let response = await send(false);
  // An ID token rejected as expired: refresh once, then give up and log out.
  if (response.status === 401 && !anonymous) {
    response = await send(true);
    if (response.status === 401) {
      settings?.onUnauthenticated();
      throw await errorFrom(response);
    }
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** Sends one request: JSON in and out, bearer token, timeout; a non-2xx answer throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { schema } = options;
  const response = await exchange(path, options, 'application/json');
  if (response.status === 204) return undefined as T;

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError(response.status, BAD_RESPONSE, 'the answer is not JSON');
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(response.status, BAD_RESPONSE, `unexpected answer from ${path}`);
  }
}

export const apiGet = <T>(path: string, schema?: Parser<T>, options: Omit<RequestOptions<T>, 'method' | 'schema'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'GET', ...(schema ? { schema } : {}) });

/** A file the API answers (CSV export, QR code image, audit download): its bytes and the name it suggests. */
export interface ApiFile {
  blob: Blob;
  /** From Content-Disposition when the API names the file. */
  fileName: string | null;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` wins over `filename=`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/** GET of a file (any content type), with the same token, timeout and errors as the JSON calls. */
export async function apiFile(path: string, options: Omit<RequestOptions<unknown>, 'schema' | 'body'> = {}): Promise<ApiFile> {
  const response = await exchange(path, options, '*/*');
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}
