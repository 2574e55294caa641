/**
 * Bytes on the wire of a cold load over the local server (infra/local/api-server.ts, which stands in for
 * CloudFront): every JS chunk section (c) counts for a route, fetched once with no cache and the Accept-Encoding
 * Chromium sends, summed as the response bodies came (compressed). Budget: within 10 % of the gzipped sum of (c)
 * above it (brotli may come in smaller; that passes).
 */
import { request } from 'node:http';
import { startApiServer } from '../../infra/local/api-server';
import type { FrontendBundleFigures } from './frontend-bundle';

export const WIRE_TOLERANCE = 0.1;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface WireFigure {
  route: string;
  requests: number;
  wireBytes: number;
  gzipBytes: number;
  /** wire ÷ gzipped of section (c). */
  ratio: number;
  encodings: string[];
  verdict: 'PASS' | 'FAIL';
}

function bodyBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`GET ${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureWireBytes(web: FrontendBundleFigures): Promise<WireFigure[]> {
  const server = await startApiServer({ port: 0, groups: [], loadHandler: () => Promise.reject(new Error('no API in this bench')), webRoot: web.dist });
  try {
    const figures: WireFigure[] = [];
    for (const route of web.routes) {
      const fetched = await Promise.all(route.chunks.map((c) => bodyBytes(new URL(`/${c.file}`, server.url).toString())));
      const wireBytes = fetched.reduce((sum, f) => sum + f.bytes, 0);
      const ratio = wireBytes / route.gzipBytes;
      figures.push({
        route: route.route,
        requests: fetched.length,
        wireBytes,
        gzipBytes: route.gzipBytes,
        ratio,
        encodings: [...new Set(fetched.map((f) => f.encoding))],
        verdict: ratio <= 1 + WIRE_TOLERANCE ? 'PASS' : 'FAIL',
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}
