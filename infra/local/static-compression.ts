import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What CloudFront compresses too (text types); images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map', '.txt']);
/** CloudFront leaves smaller files as they are. */
const MIN_BYTES = 1000;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else gzip (as CloudFront chooses), else
 * none. Honours q-values (`gzip;q=0` refuses gzip) and `*`.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const accepted = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return 'identity';
}

interface Cached {
  mtimeMs: number;
  size: number;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * Static files as the local server sends them: read once, compressed once per encoding (cached per file
 * until its size or modification time changes, e.g. after a rebuild).
 */
export function staticFiles() {
  const cache = new Map<string, Cached>();

  return function body(
    file: string,
    stat: { mtimeMs: number; size: number },
    acceptEncoding: string | undefined,
  ): { body: Buffer; encoding: Encoding; vary: boolean } {
    const compressible = COMPRESSIBLE.has(extname(file)) && stat.size >= MIN_BYTES;
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
      entry = { mtimeMs: stat.mtimeMs, size: stat.size, bodies: { identity: readFileSync(file) } };
      cache.set(file, entry);
    }
    const encoding = compressible ? negotiateEncoding(acceptEncoding) : 'identity';
    let encoded = entry.bodies[encoding];
    if (!encoded) {
      const raw = entry.bodies.identity!;
      // Brotli at quality 5: about gzip's size or less, quick enough to compress on a first request.
      encoded =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
          : gzipSync(raw);
      entry.bodies[encoding] = encoded;
    }
    return { body: encoded, encoding, vary: compressible };
  };
}
