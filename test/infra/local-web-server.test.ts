import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../../infra/local/api-server';
import { negotiateEncoding } from '../../infra/local/static-compression';

/** The local server stands in for CloudFront: it compresses the SPA's text assets per Accept-Encoding. */
const root = mkdtempSync(join(tmpdir(), 'vfc-web-'));
const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = 'a fairly repetitive line ${i % 7}';\n`).join(''));
const icon = Buffer.alloc(4000, 7);
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), `<!doctype html><html><body>${'<p>console</p>'.repeat(100)}</body></html>`);
  writeFileSync(join(root, 'assets/index-abc123.js'), script);
  writeFileSync(join(root, 'assets/logo.png'), icon);
  server = await startApiServer({ port: 0, groups: [], loadHandler: () => Promise.reject(new Error('no API here')), webRoot: root });
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A raw GET (no automatic decompression): status, headers and the bytes as sent. */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.url), { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('local web server compression', () => {
  it('answers a JS asset gzip-encoded when asked, identical after decompression, with its length and Vary', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(gunzipSync(res.body).equals(script)).toBe(true);
    // Cached: a second request gets the same bytes.
    expect((await get('/assets/index-abc123.js', 'gzip')).body.equals(res.body)).toBe(true);
  });

  it('prefers brotli as browsers ask for it, and sends the file as it is without Accept-Encoding', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.equals(script)).toBe(true);
  });

  it('compresses the SPA fallback page, and leaves binary images alone', async () => {
    const page = await get('/devices/list', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<p>console</p>');
    const png = await get('/assets/logo.png', 'gzip, br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.equals(icon)).toBe(true);
  });

  it('negotiates by q-values', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*;q=0.5')).toBe('br');
    expect(negotiateEncoding('*, br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});
