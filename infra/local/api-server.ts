import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../../functions/http/event';
import { API_PREFIX, type Route, type RouteGroup } from '../../functions/http/manifest';
import { invokeLocally } from './invoke';
import { readBody } from './read-body';
import { staticFiles } from './static-compression';

/** Reads at most this much of a request body; anything longer is refused before the function runs. */
const BODY_READ_LIMIT = 1024 * 1024;

type GroupHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

interface CompiledRoute {
  group: string;
  route: Route;
  pattern: RegExp;
  params: string[];
  literalSegments: number;
}

function compile(group: string, route: Route): CompiledRoute {
  const params: string[] = [];
  const segments = route.path.split('/').filter(Boolean);
  const source = segments
    .map((s) => {
      const m = /^\{(\w+)\}$/.exec(s);
      if (!m) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { group, route, pattern: new RegExp(`^${API_PREFIX}/${source}/?$`), params, literalSegments: segments.filter((s) => !s.startsWith('{')).length };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

function securityHeaders(connectSrc: string[]): Record<string, string> {
  return {
    'content-security-policy': `default-src 'self'; connect-src 'self' ${connectSrc.join(' ')}; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export interface ApiServerOptions {
  port: number;
  groups: RouteGroup[];
  /** Loads a group's Lambda handler (the same module the CDK bundles). */
  loadHandler: (group: string) => Promise<GroupHandler>;
  /** Built SPA folder to serve with history fallback; absent = API only. */
  webRoot?: string;
  /** Extra origins the SPA talks to (the local Cognito). */
  connectSrc?: string[];
}

/**
 * Stands in for API Gateway and CloudFront: builds the same HTTP API (payload 2.0) event from the route
 * manifest and invokes the group's handler in process; serves the SPA for everything else.
 */
export async function startApiServer(opts: ApiServerOptions): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  const compiled = opts.groups.flatMap((g) => g.routes.map((r) => compile(g.name, r))).sort((a, b) => b.literalSegments - a.literalSegments);
  const handlers = new Map<string, Promise<GroupHandler>>();
  const handlerOf = (group: string) => {
    if (!handlers.has(group)) handlers.set(group, opts.loadHandler(group));
    return handlers.get(group)!;
  };
  const headers = securityHeaders(opts.connectSrc ?? []);

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = compiled.map((c) => ({ c, m: c.route.method === method ? c.pattern.exec(url.pathname) : null })).find((x) => x.m);
    const requestId = randomUUID();
    if (!match?.m) return sendJson(res, 404, { code: 'RouteNotFoundException', message: 'Not found', correlationId: requestId });
    const body = await readBody(req, BODY_READ_LIMIT);
    if (body === 'too-large') return sendJson(res, 413, { code: 'PayloadTooLargeException', message: 'Request body is too large', correlationId: requestId });
    const pathParameters = Object.fromEntries(match.c.params.map((p, i) => [p, decodeURIComponent(match.m![i + 1]!)]));
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
    const lowerHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) lowerHeaders[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    const binary = body.length > 0 && !/^(application\/(.+\+)?json|text\/)/i.test(lowerHeaders['content-type'] ?? '');
    const event: HttpEvent = {
      version: '2.0',
      routeKey: `${method} ${API_PREFIX}${match.c.route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers: lowerHeaders,
      ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
      ...(match.c.params.length ? { pathParameters } : {}),
      requestContext: {
        requestId,
        http: { method, path: url.pathname, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: lowerHeaders['user-agent'] },
      },
      ...(body.length ? { body: binary ? body.toString('base64') : body.toString('utf8') } : {}),
      isBase64Encoded: binary,
    };
    const handler = await handlerOf(match.c.group);
    const result = await invokeLocally(`vend-local-api-${match.c.group}`, handler, event, requestId);
    res.writeHead(result.statusCode, result.headers);
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  }

  const files = staticFiles();

  /** The SPA, compressed per Accept-Encoding as CloudFront does (gzip or brotli for text types). */
  function web(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const root = opts.webRoot;
    if (!root || !existsSync(join(root, 'index.html'))) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('The console is not built: run npm run build:web');
      return;
    }
    const safe = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, safe);
    let stat = existsSync(file) ? statSync(file) : null;
    const isFile = !!stat?.isFile();
    if (!isFile) {
      file = join(root, 'index.html');
      stat = statSync(file);
    }
    const immutable = isFile && safe.startsWith('/assets/');
    const { body, encoding, vary } = files(file, stat!, req.headers['accept-encoding']);
    res.writeHead(200, {
      ...headers,
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-length': String(body.length),
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      ...(vary ? { vary: 'Accept-Encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const work = url.pathname.startsWith(`${API_PREFIX}/`) || url.pathname === API_PREFIX ? api(req, res, url) : Promise.resolve(web(req, res, url));
    work.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { code: 'InternalError', message: 'Local server error', correlationId: 'local' });
      process.stderr.write(`local api server: ${String((error as Error)?.stack ?? error)}\n`);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('connection', (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
