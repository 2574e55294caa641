/**
 * The light S3 path (functions/adapters/s3/signer.ts, signed-files.ts) signs what the S3 client and
 * @aws-sdk/s3-request-presigner would, parameter for parameter: s3rver does not check signatures, so this is
 * where a wrong one would show before AWS refused it.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type ServiceInputTypes,
  type ServiceOutputTypes,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FinalizeRequestMiddleware } from '@smithy/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { s3ClientConfig } from '../../functions/adapters/s3/client';
import type { S3Location } from '../../functions/adapters/s3/location';
import { attachmentDisposition, signedFiles } from '../../functions/adapters/s3/signed-files';
import { s3Signer, type ObjectOperation } from '../../functions/adapters/s3/signer';

const NOW = new Date('2026-11-28T10:15:42.123Z');
const CREDENTIALS = {
  accessKeyId: 'ASIAEXAMPLEKEY123456',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjEAEaCXVz/LWVhc3QtMSJHMEUCIQ+Dx40U4pfrX9Ob9==',
};
const KEY = "historical-data/acme/r 1/Ventes été (2) *!'~+&=.csv";
const FILE_NAME = 'Ventes été (2).csv';

const WHERE: Array<{ name: string; bucket: string; location: S3Location }> = [
  { name: 'AWS, virtual-hosted', bucket: 'vend-main-exports-123456789012-eu-west-1', location: { region: 'eu-west-1' } },
  { name: 'AWS us-east-1', bucket: 'vend-main-exports-123456789012-us-east-1', location: { region: 'us-east-1' } },
  { name: 'AWS China', bucket: 'vend-main-exports', location: { region: 'cn-north-1' } },
  { name: 'AWS, a bucket name that is no DNS label (path style)', bucket: 'legacy.exports', location: { region: 'eu-west-1' } },
  { name: 'local s3rver (path style)', bucket: 'vend-local-exports', location: { region: 'us-east-1', endpoint: 'http://127.0.0.1:4569' } },
];

/**
 * The reference: the S3 client as client.ts configures it for `location`, with checksums only when an operation
 * requires them (as client.ts already does locally). With the SDK's AWS default (WHEN_SUPPORTED) a presigned PUT
 * carries x-amz-checksum-crc32=AAAAAA==, the CRC32 of an empty body, which S3 compares with the uploaded body and
 * so refuses every real upload; the light signer adds no checksum.
 */
const referenceClient = (location: S3Location) =>
  new S3Client({
    ...s3ClientConfig(location),
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/** A URL as what a comparison should name: where it goes and every query parameter (decoded, sorted). */
const parts = (url: string) => {
  const u = new URL(url);
  return { origin: u.origin, path: u.pathname, query: [...u.searchParams].sort(([a], [b]) => a.localeCompare(b)) };
};

describe('S3 requests signed without the S3 client', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', CREDENTIALS.sessionToken);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  describe.each(WHERE)('$name', ({ bucket, location }) => {
    const files = () => signedFiles(s3Signer(bucket, { location }));

    it('a download link (GET with the Content-Disposition override) equals getSignedUrl’s', async () => {
      const ours = await files().downloadUrl(KEY, { fileName: FILE_NAME });
      const theirs = await getSignedUrl(
        referenceClient(location),
        new GetObjectCommand({ Bucket: bucket, Key: KEY, ResponseContentDisposition: attachmentDisposition(FILE_NAME) }),
        { expiresIn: 300 },
      );
      expect(parts(ours)).toEqual(parts(theirs));
      expect(ours).toBe(theirs);
      expect(new URL(ours).searchParams.get('X-Amz-Security-Token')).toBe(CREDENTIALS.sessionToken);
    });

    it('an upload link (PUT binding Content-Type and Content-Length) equals getSignedUrl’s', async () => {
      const { url } = await files().uploadUrl(KEY, { contentType: 'text/csv; charset=utf-8', size: 12_345, maxBytes: 20_000 });
      const theirs = await getSignedUrl(
        referenceClient(location),
        new PutObjectCommand({ Bucket: bucket, Key: KEY, ContentType: 'text/csv; charset=utf-8', ContentLength: 12_345 }),
        { expiresIn: 900, signableHeaders: new Set(['content-type', 'content-length']) },
      );
      expect(parts(url)).toEqual(parts(theirs));
      expect(url).toBe(theirs);
      expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    });

    it('HEAD, ranged GET and DELETE are signed in their headers as the S3 client signs them', async () => {
      const client = referenceClient(location);
      let sdkRequest:
        { method: string; hostname: string; port?: number; path: string; query: Record<string, string>; headers: Record<string, string> } | undefined;
      // The SDK's own bookkeeping headers (invocation id, retry count, user agent) are signed too; they carry nothing S3 checks.
      client.middlewareStack.addRelativeTo(
        ((next) => (args) => {
          const headers = (args.request as { headers: Record<string, string> }).headers;
          for (const name of Object.keys(headers)) if (/^(amz-sdk-|x-amz-user-agent$|user-agent$)/.test(name)) delete headers[name];
          return next(args);
        }) satisfies FinalizeRequestMiddleware<ServiceInputTypes, ServiceOutputTypes>,
        { relation: 'before', toMiddleware: 'httpSigningMiddleware', name: 'dropSdkBookkeeping' },
      );
      client.middlewareStack.add(
        () => async (args) => {
          sdkRequest = args.request as typeof sdkRequest;
          return { response: { statusCode: 204, headers: {} }, output: { $metadata: {} } };
        },
        { step: 'finalizeRequest', priority: 'low', name: 'captureInsteadOfSending' },
      );
      const sent: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
      vi.stubGlobal('fetch', async (url: string, init: { method: string; headers: Record<string, string> }) => {
        sent.push({ url, method: init.method, headers: init.headers });
        return new Response(null, { status: 204 });
      });
      const signer = s3Signer(bucket, { location });
      const cases: Array<[ObjectOperation, Record<string, string>, object]> = [
        ['HeadObject', {}, new HeadObjectCommand({ Bucket: bucket, Key: KEY })],
        ['GetObject', { Range: 'bytes=0-511' }, new GetObjectCommand({ Bucket: bucket, Key: KEY, Range: 'bytes=0-511' })],
        ['DeleteObject', {}, new DeleteObjectCommand({ Bucket: bucket, Key: KEY })],
      ];
      for (const [operation, headers, command] of cases) {
        await client.send(command as HeadObjectCommand);
        await signer.send({ operation, key: KEY, headers });
        const ours = sent.at(-1)!;
        const theirs = sdkRequest!;
        expect(ours.method).toBe(theirs.method);
        const host = `${theirs.hostname}${theirs.port ? `:${theirs.port}` : ''}`;
        const query = new URLSearchParams(theirs.query).toString();
        expect(parts(ours.url)).toEqual(
          parts(`${location.endpoint ? new URL(location.endpoint).protocol : 'https:'}//${host}${theirs.path}${query ? `?${query}` : ''}`),
        );
        const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
        const { host: sdkHost, ...sdkHeaders } = lower(theirs.headers);
        expect(sdkHost).toBe(host);
        expect(lower(ours.headers)).toEqual(sdkHeaders);
        expect(ours.headers.authorization).toContain(`Credential=${CREDENTIALS.accessKeyId}/20261128/${location.region}/s3/aws4_request`);
      }
    });
  });

  it('reads the credentials from the environment at each signature: a rotation is used at once', async () => {
    const files = signedFiles(s3Signer('vend-main-exports', { location: { region: 'eu-west-1' } }));
    const credentialOf = async () => new URL(await files.downloadUrl('a.csv', { fileName: 'a.csv' })).searchParams;
    expect((await credentialOf()).get('X-Amz-Credential')).toMatch(/^ASIAEXAMPLEKEY123456\//);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'ASIAROTATEDKEY000000');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'rotated-secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'rotated-token');
    const after = await credentialOf();
    expect(after.get('X-Amz-Credential')).toMatch(/^ASIAROTATEDKEY000000\//);
    expect(after.get('X-Amz-Security-Token')).toBe('rotated-token');
  });

  it('a read-only signer refuses writes before signing anything', async () => {
    const files = signedFiles(s3Signer('vend-main-exports', { location: { region: 'eu-west-1' }, readOnly: true }));
    await expect(files.remove('a.csv')).rejects.toThrow('DeleteObject refused: this function may only read the bucket');
    await expect(files.uploadUrl('a.csv', { contentType: 'text/csv', size: 1, maxBytes: 2 })).rejects.toThrow('PutObject refused');
    expect(new URL(await files.downloadUrl('a.csv', { fileName: 'a.csv' })).searchParams.get('x-id')).toBe('GetObject');
  });

  it('tries a request again on a 5xx or a network error, at most three times', async () => {
    const answers = [
      () => new Response('<Error><Code>SlowDown</Code></Error>', { status: 503 }),
      () => {
        throw new TypeError('fetch failed');
      },
      () => new Response(null, { status: 204 }),
    ];
    let calls = 0;
    vi.stubGlobal('fetch', async () => answers[calls++]!());
    const files = signedFiles(s3Signer('vend-main-exports', { location: { region: 'eu-west-1' } }));
    await files.remove('a.csv');
    expect(calls).toBe(3);
    calls = 0;
    vi.stubGlobal('fetch', async () => (calls++, new Response('<Error><Code>InternalError</Code></Error>', { status: 500 })));
    await expect(files.remove('a.csv')).rejects.toThrow('DeleteObject a.csv failed: 500 InternalError');
    expect(calls).toBe(3);
  });
});
