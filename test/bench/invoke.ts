/**
 * A route group's Lambda handler invoked in this process with the API Gateway (HTTP API v2) event, as Lambda
 * invokes it; the stack (DynamoDB included) runs in other processes, as the AWS services do.
 */
import { gunzipSync } from 'node:zlib';
import type { PublicDeps } from '../../functions/runtime/base-deps';
import type { StackInfo } from '../../infra/local/stack-info';
import type { Route } from '../../functions/http/manifest';

export type GroupHandler = (
  event: never,
  context: never,
) => Promise<{ statusCode: number; body: string; headers?: Record<string, string>; isBase64Encoded?: boolean }>;

/** The API Gateway (HTTP API v2) event of a request without a body. */
export function apiEvent(method: string, path: string, query: Record<string, string>, authorization: string) {
  return {
    version: '2.0' as const,
    routeKey: `${method} /api/v1${path}`,
    rawPath: `/api/v1${path}`,
    rawQueryString: new URLSearchParams(query).toString(),
    headers: { authorization },
    queryStringParameters: query,
    requestContext: { requestId: 'bench', http: { method, path: `/api/v1${path}`, sourceIp: '127.0.0.1' } },
    isBase64Encoded: false,
  };
}

export function invoker(handler: unknown, method: string, path: string, query: Record<string, string>, authorization: string) {
  return async <T = unknown>(): Promise<T> => {
    const res = await (handler as GroupHandler)(apiEvent(method, path, query, authorization) as never, {} as never);
    if (res.statusCode !== 200) throw new Error(`${method} ${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    // A download (CSV) comes as its text (inflated when gzip-encoded, as API Gateway and the browser do).
    if (res.headers?.['content-type']?.startsWith('application/json') !== false) return JSON.parse(res.body) as T;
    const bytes = Buffer.from(res.body, res.isBase64Encoded ? 'base64' : 'utf8');
    return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8') as T;
  };
}

/**
 * A route group's handler built as its handler.ts builds it (its own deps.ts), pointed at a given stack: one bench
 * process runs several stacks, so the environment is set to this one's and every lazily built dependency forgotten.
 */
export async function groupHandler(group: string, info: StackInfo): Promise<unknown> {
  const [{ createGroupHandler }, { resetAll }, { stackEnvironment }, { routes }, { deps }] = await Promise.all([
    import('../../functions/http/group-handler'),
    import('../../functions/runtime/lazy'),
    import('../../infra/local/stack-process'),
    import(`../../functions/api/${group}/routes`) as Promise<{ routes: Route[] }>,
    import(`../../functions/api/${group}/deps`) as Promise<{ deps: () => PublicDeps }>,
  ]);
  Object.assign(process.env, stackEnvironment(info));
  resetAll();
  return createGroupHandler(routes, deps);
}
