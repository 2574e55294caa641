import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localS3ClientConfig, startS3, type LocalS3 } from '../../infra/local/emulators/s3';

const BUCKET = 'vending-test-bucket';

describe('local S3 (s3rver child process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-s3-'));
  let s3: LocalS3;
  let client: S3Client;

  beforeAll(async () => {
    s3 = await startS3({ port: 0, directory: dir, buckets: [BUCKET] });
    client = new S3Client(localS3ClientConfig(s3.endpoint));
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts and gets an object', async () => {
    expect(s3.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a/one.json', Body: '{"x":1}', ContentType: 'application/json' }));
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a/one.json' }));
    expect(await got.Body?.transformToString()).toBe('{"x":1}');
    expect(got.ContentType).toBe('application/json');
  });

  it('lists with truncation and continuation tokens (MaxKeys 1, 3 objects)', async () => {
    for (const key of ['list/1', 'list/2', 'list/3']) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: key }));
    }
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'list/', MaxKeys: 1, ContinuationToken: token }));
      pages += 1;
      seen.push(...(page.Contents ?? []).map((o) => o.Key!));
      if (pages < 3) expect(page.IsTruncated).toBe(true);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && pages < 10);
    expect(seen).toEqual(['list/1', 'list/2', 'list/3']);
    expect(pages).toBe(3);
  });

  it('answers CORS preflight for a local web origin', async () => {
    const res = await fetch(`${s3.endpoint}/${BUCKET}/a/one.json`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*'); // s3rver answers preflights with '*'
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    const foreign = await fetch(`${s3.endpoint}/${BUCKET}/a/one.json`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(foreign.status).toBe(403);
    const get = await fetch(`${s3.endpoint}/${BUCKET}/a/one.json`, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    await get.arrayBuffer();
  });

  it('stop() ends the child process', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'local-s3-b-'));
    const other = await startS3({ directory: dir2, buckets: ['local-b1'] });
    await other.stop();
    await expect(fetch(`${other.endpoint}/`)).rejects.toThrow();
    rmSync(dir2, { recursive: true, force: true });
  });
});
