import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localS3ClientConfig, S3RVER_CREDENTIALS, startS3, type LocalS3 } from '../../infra/local/emulators/s3';
import { DOWNLOAD_URL_MAX_SECONDS, type FileStore } from '../../functions/adapters/s3/file-store';
import { fileStore, UPLOAD_PART_BYTES, UPLOAD_QUEUE_SIZE } from '../../functions/adapters/s3/files';
import { s3Signer } from '../../functions/adapters/s3/signer';
import { bucketSignedFiles } from '../../functions/runtime/bucket-access';
import { bucketFiles } from '../../functions/runtime/files';
import { resetAll } from '../../functions/runtime/lazy';

const BUCKET = 'files-test-bucket';
const CHUNK = 64 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (first: Uint8Array) => ZIP_MAGIC.every((b, i) => first[i] === b);

/** `total` bytes in CHUNK pieces, each filled with its index; throws after `failAfter` bytes if given. */
async function* generated(total: number, progress: { produced: number }, failAfter?: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; progress.produced < total; i++) {
    if (failAfter !== undefined && progress.produced >= failAfter) throw new Error('source failed');
    const size = Math.min(CHUNK, total - progress.produced);
    progress.produced += size;
    yield new Uint8Array(size).fill(i % 251);
  }
}

async function* of(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

describe('S3 file store against s3rver', () => {
  const dir = mkdtempSync(join(tmpdir(), 's3-files-'));
  let s3: LocalS3;
  let client: S3Client;
  let store: FileStore;
  /** Every command the store's client sent, and the bytes of the parts S3 has acknowledged. */
  const sent: string[] = [];
  const acked = { bytes: 0 };
  /** When set, the store's client fails this UploadPart (1-based count from now), as a broken connection would. */
  const failPart = { at: 0, seen: 0 };

  beforeAll(async () => {
    s3 = await startS3({ directory: dir, buckets: [BUCKET] });
    client = new S3Client(localS3ClientConfig(s3.endpoint));
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        if (context.commandName === 'UploadPartCommand' && failPart.at > 0 && ++failPart.seen === failPart.at) throw new Error('connection reset');
        const result = await next(args);
        if (context.commandName === 'UploadPartCommand') acked.bytes += (args.input as { Body: Uint8Array }).Body.byteLength;
        return result;
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    store = fileStore(BUCKET, client, s3Signer(BUCKET, { location: { region: 'us-east-1', endpoint: s3.endpoint }, credentials: S3RVER_CREDENTIALS }));
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Multipart uploads s3rver still holds parts of (S3 would bill their storage). */
  const pendingUploads = () => {
    const uploads = join(dir, BUCKET, '._S3rver_uploads');
    return existsSync(uploads) ? readdirSync(uploads) : [];
  };
  const size = async (key: string) => (await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentLength;
  const count = (command: string) => sent.filter((c) => c === command).length;

  it('streams a 24 MiB body from a generator in parts, never holding more than the parts in flight', async () => {
    const total = 24 * 1024 * 1024 + 123;
    const progress = { produced: 0 };
    let maxAhead = 0;
    async function* watched() {
      for await (const chunk of generated(total, progress)) {
        maxAhead = Math.max(maxAhead, progress.produced - acked.bytes);
        yield chunk;
      }
    }
    acked.bytes = 0;
    const partsBefore = count('UploadPartCommand');
    const result = await store.upload('historical-data/m1/r1/1.csv', watched(), { contentType: 'text/csv' });

    expect(result.size).toBe(total);
    expect(await size('historical-data/m1/r1/1.csv')).toBe(total);
    expect(count('UploadPartCommand') - partsBefore).toBe(Math.ceil(total / UPLOAD_PART_BYTES));
    // What the generator got ahead of S3: the parts being sent plus the one being filled, never the body.
    expect(maxAhead).toBeLessThanOrEqual((UPLOAD_QUEUE_SIZE + 1) * UPLOAD_PART_BYTES + 2 * CHUNK);
    const tail = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'historical-data/m1/r1/1.csv', Range: `bytes=${total - 3}-${total - 1}` }));
    const lastChunk = Math.floor((total - 1) / CHUNK);
    expect([...(await tail.Body!.transformToByteArray())]).toEqual([lastChunk % 251, lastChunk % 251, lastChunk % 251]);
  });

  it('uploads strings and small bodies in one PUT', async () => {
    expect(await store.upload('small/one.csv', of('a,b\n', 'é,1\n'), { contentType: 'text/csv' })).toEqual({ size: 9 });
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'small/one.csv' }));
    expect(got.ContentType).toBe('text/csv');
    expect(await got.Body!.transformToString()).toBe('a,b\né,1\n');
  });

  it('a source failing after parts were sent aborts the multipart upload and leaves no object', async () => {
    const abortsBefore = count('AbortMultipartUploadCommand');
    const partsBefore = count('UploadPartCommand');
    await expect(store.upload('failed/big.csv', generated(20 * 1024 * 1024, { produced: 0 }, 12 * 1024 * 1024), { contentType: 'text/csv' })).rejects.toThrow(
      'source failed',
    );
    expect(count('UploadPartCommand') - partsBefore).toBeGreaterThanOrEqual(2);
    expect(count('AbortMultipartUploadCommand') - abortsBefore).toBe(1);
    expect(await store.exists('failed/big.csv')).toBe(false);
    expect(pendingUploads()).toEqual([]);
    expect(count('CompleteMultipartUploadCommand')).toBe(count('CreateMultipartUploadCommand') - count('AbortMultipartUploadCommand'));
  });

  it('a part S3 never got aborts the upload: no object, no parts left behind', async () => {
    Object.assign(failPart, { at: 2, seen: 0 });
    try {
      await expect(store.upload('failed/part.csv', generated(16 * 1024 * 1024, { produced: 0 }), { contentType: 'text/csv' })).rejects.toThrow(
        'connection reset',
      );
    } finally {
      failPart.at = 0;
    }
    expect(await store.exists('failed/part.csv')).toBe(false);
    expect(pendingUploads()).toEqual([]);
  });

  it('a source failing before the first part leaves no object', async () => {
    await expect(store.upload('failed/small.csv', generated(1024 * 1024, { produced: 0 }, CHUNK), { contentType: 'text/csv' })).rejects.toThrow(
      'source failed',
    );
    expect(await store.exists('failed/small.csv')).toBe(false);
  });

  describe('presigned PUT from a browser, then verify', () => {
    const put = (url: string, headers: Record<string, string>, body: Uint8Array) =>
      fetch(url, { method: 'PUT', headers: { ...headers, origin: 'http://127.0.0.1:5173' }, body: Buffer.from(body) });
    const zip = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i < 4 ? ZIP_MAGIC[i]! : i % 256));

    it('signs Content-Type and Content-Length, refuses a size over the limit, answers CORS for the console', async () => {
      const { url, headers, expiresAt } = await store.uploadUrl('incoming/a.zip', { contentType: 'application/zip', size: 1000, maxBytes: 2000 });
      const query = new URL(url).searchParams;
      expect(query.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
      expect(headers).toEqual({ 'Content-Type': 'application/zip' });
      expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(60_000);
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
      const res = await put(url, headers, zip(1000));
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
      await expect(store.uploadUrl('incoming/b.zip', { contentType: 'application/zip', size: 2001, maxBytes: 2000 })).rejects.toThrow(/2000/);
    });

    it('accepts a file of the right type and size', async () => {
      const { url, headers } = await store.uploadUrl('incoming/ok.zip', { contentType: 'application/zip', size: 1000, maxBytes: 2000 });
      expect((await put(url, headers, zip(1000))).status).toBe(200);
      expect(await store.verifyUpload('incoming/ok.zip', { maxBytes: 2000, accepts: isZip })).toEqual({ ok: true, size: 1000 });
      expect(await store.exists('incoming/ok.zip')).toBe(true);
    });

    it('refuses a file whose first bytes are of another type and deletes it', async () => {
      const { url, headers } = await store.uploadUrl('incoming/fake.zip', { contentType: 'application/zip', size: 10, maxBytes: 2000 });
      expect((await put(url, headers, new TextEncoder().encode('not a zip!'))).status).toBe(200);
      expect(await store.verifyUpload('incoming/fake.zip', { maxBytes: 2000, accepts: isZip })).toEqual({ ok: false, reason: 'wrongType' });
      expect(await store.exists('incoming/fake.zip')).toBe(false);
    });

    it('refuses a file over the size (s3rver does not check the signature; S3 would) and deletes it', async () => {
      const { url, headers } = await store.uploadUrl('incoming/big.zip', { contentType: 'application/zip', size: 1000, maxBytes: 2000 });
      expect((await put(url, headers, zip(3000))).status).toBe(200);
      expect(await store.verifyUpload('incoming/big.zip', { maxBytes: 2000, accepts: isZip })).toEqual({ ok: false, reason: 'tooLarge' });
      expect(await store.exists('incoming/big.zip')).toBe(false);
    });

    it('reports a file never uploaded as missing', async () => {
      expect(await store.verifyUpload('incoming/never.zip', { maxBytes: 2000, accepts: isZip })).toEqual({ ok: false, reason: 'missing' });
    });
  });

  describe('download links', () => {
    it('downloads the file under its name, for at most five minutes', async () => {
      await store.upload('exports/r.csv', of('x,y\n', '1,2\n'), { contentType: 'text/csv' });
      const url = await store.downloadUrl('exports/r.csv', { fileName: 'Transactions 2026-01 – é.csv' });
      expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(DOWNLOAD_URL_MAX_SECONDS);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('x,y\n1,2\n');
      const disposition = res.headers.get('content-disposition')!;
      expect(disposition).toMatch(/^attachment; filename="Transactions_2026-01____.csv"/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Transactions 2026-01 – é.csv');
    });

    it('never outlives `until`, may be shortened, never lengthened, and is refused once `until` has passed', async () => {
      const expires = async (opts: { until?: string; maxSeconds?: number }) =>
        Number(new URL(await store.downloadUrl('exports/r.csv', { fileName: 'r.csv', ...opts })).searchParams.get('X-Amz-Expires'));
      const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
      expect(await expires({ until: inSeconds(90) })).toBeLessThanOrEqual(90);
      expect(await expires({ until: inSeconds(90) })).toBeGreaterThanOrEqual(88);
      expect(await expires({ until: inSeconds(86_400) })).toBe(DOWNLOAD_URL_MAX_SECONDS);
      expect(await expires({ maxSeconds: 60 })).toBe(60);
      expect(await expires({ maxSeconds: 3600 })).toBe(DOWNLOAD_URL_MAX_SECONDS);
      await expect(store.downloadUrl('exports/r.csv', { fileName: 'r.csv', until: inSeconds(-1) })).rejects.toThrow(/validity/);
    });

    it('removes a file; removing it again is harmless', async () => {
      await store.remove('exports/r.csv');
      expect(await store.exists('exports/r.csv')).toBe(false);
      await store.remove('exports/r.csv');
    });
  });

  describe('bucketFiles and bucketSignedFiles: the bucket a function’s access names, from the environment', () => {
    const withEnv = async (run: () => Promise<void>) => {
      vi.stubEnv('S3_ENDPOINT', s3.endpoint);
      vi.stubEnv('EXPORTS_BUCKET', BUCKET);
      vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
      resetAll();
      try {
        await run();
      } finally {
        vi.unstubAllEnvs();
        resetAll();
      }
    };

    it('reads and writes with readWrite access, only reads with read access, and refuses an unnamed bucket', () =>
      withEnv(async () => {
        const writer = bucketFiles({ buckets: { exports: 'readWrite' } }, 'exports');
        await writer.upload('env/w.csv', of('a\n'), { contentType: 'text/csv' });
        const reader = bucketFiles({ buckets: { exports: 'read' } }, 'exports');
        expect(await reader.exists('env/w.csv')).toBe(true);
        expect((await fetch(await reader.downloadUrl('env/w.csv', { fileName: 'w.csv' }))).status).toBe(200);
        await expect(reader.remove('env/w.csv')).rejects.toThrow(/may only read/);
        await expect(reader.uploadUrl('env/x.csv', { contentType: 'text/csv', size: 1, maxBytes: 10 })).rejects.toThrow(/may only read/);
        expect(() => bucketFiles({ buckets: { exports: 'read' } }, 'firmware')).toThrow(/firmware/);
        await writer.remove('env/w.csv');
        expect(await reader.exists('env/w.csv')).toBe(false);
      }));

    it('without the S3 client: links, upload checks and removal with readWrite access; only reads with read access', () =>
      withEnv(async () => {
        const writer = bucketSignedFiles({ buckets: { exports: 'readWrite' } }, 'exports');
        const reader = bucketSignedFiles({ buckets: { exports: 'read' } }, 'exports');
        const { url, headers } = await writer.uploadUrl('incoming/light.zip', { contentType: 'application/zip', size: 600, maxBytes: 1000 });
        const body = Uint8Array.from({ length: 600 }, (_, i) => (i < 4 ? ZIP_MAGIC[i]! : i % 256));
        expect((await fetch(url, { method: 'PUT', headers, body: Buffer.from(body) })).status).toBe(200);
        expect(await reader.verifyUpload('incoming/light.zip', { maxBytes: 1000, accepts: isZip })).toEqual({ ok: true, size: 600 });
        const download = await fetch(await reader.downloadUrl('incoming/light.zip', { fileName: 'Lumière (1).zip' }));
        expect(download.status).toBe(200);
        expect(new Uint8Array(await download.arrayBuffer())).toEqual(body);
        expect(decodeURIComponent(download.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toBe('Lumière (1).zip');
        // The first 512 bytes only are read back: a larger file of another type is refused (and removed) all the same.
        await store.upload('incoming/light.txt', of('x'.repeat(2000)), { contentType: 'text/plain' });
        expect(await writer.verifyUpload('incoming/light.txt', { maxBytes: 4000, accepts: isZip })).toEqual({ ok: false, reason: 'wrongType' });
        expect(await reader.exists('incoming/light.txt')).toBe(false);
        await expect(reader.remove('incoming/light.zip')).rejects.toThrow(/DeleteObject refused: this function may only read/);
        await expect(reader.uploadUrl('incoming/y.zip', { contentType: 'application/zip', size: 1, maxBytes: 10 })).rejects.toThrow(/may only read/);
        await writer.remove('incoming/light.zip');
        await writer.remove('incoming/light.zip');
        expect(await reader.exists('incoming/light.zip')).toBe(false);
        expect(() => bucketSignedFiles({ buckets: { exports: 'read' } }, 'firmware')).toThrow(/firmware/);
      }));

    it('a refused request fails with the operation, the status and S3’s error code', () =>
      withEnv(async () => {
        vi.stubEnv('EXPORTS_BUCKET', 'no-such-bucket');
        const files = bucketSignedFiles({ buckets: { exports: 'readWrite' } }, 'exports');
        await expect(files.remove('a.csv')).rejects.toThrow('DeleteObject a.csv failed: 404 NoSuchBucket');
      }));
  });
});
