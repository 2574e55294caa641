import { stack } from './stack';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface ApiRequest {
  method?: string;
  token?: string;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** Calls the local API over HTTP, like the SPA does; a redirect (a download's 302) is answered, not followed. */
export async function api<T = any>(path: string, req: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  let body: string | undefined = req.raw;
  if (req.body !== undefined) {
    body = JSON.stringify(req.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${stack.api}${path}`, { method: req.method ?? 'GET', headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}
