import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { localS3ClientConfig, S3RVER_CREDENTIALS, startS3, type LocalS3 } from '../../infra/local/emulators/s3';
import { releaseFiles } from '../../functions/adapters/s3/release-files';
import { s3Signer } from '../../functions/adapters/s3/signer';
import {
  acceptReleaseUpload,
  FileTooLargeException,
  requestReleaseUpload,
  UnsupportedFileTypeException,
  type ReleaseFileStore,
} from '../../functions/core/rollouts/release-files';

const BUCKET = 'release-files-test';
const POLICY = { folder: 'firmware', maxBytes: 100_000 };
const zip = (size: number) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);
const gzip = (size: number) => Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08]), randomBytes(size - 3)]);

/** The release file part against s3rver: what the firmware and cash database create calls rely on. */
describe('release files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-files-'));
  let s3: LocalS3;
  let client: S3Client;
  let files: ReleaseFileStore;
  const exists = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      () => false,
    );

  /** An upload link of the declared type and size, then a PUT of `bytes` (s3rver does not check the signed length). */
  async function upload(contentType: 'application/zip' | 'application/gzip', declared: number, bytes: Buffer) {
    const link = await requestReleaseUpload(files, POLICY, { contentType, size: declared });
    const put = await fetch(link.url, { method: 'PUT', headers: link.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return link.uploadId;
  }

  beforeAll(async () => {
    s3 = await startS3({ directory: dir, buckets: [BUCKET] });
    client = new S3Client(localS3ClientConfig(s3.endpoint));
    files = releaseFiles(s3Signer(BUCKET, { location: { region: 'us-east-1', endpoint: s3.endpoint }, credentials: S3RVER_CREDENTIALS }), BUCKET);
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts a file of its declared type: the SHA-256 of the object, moved out of incoming/', async () => {
    const bytes = gzip(80_000);
    const uploadId = await upload('application/gzip', bytes.length, bytes);
    const accepted = await acceptReleaseUpload(files, POLICY, 'r1', { uploadId, fileName: 'db.gz' });
    expect(accepted).toEqual({
      key: 'firmware/r1.gz',
      fileName: 'db.gz',
      contentType: 'application/gzip',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(await exists(`incoming/firmware/${uploadId}`)).toBe(false);
    expect(await exists('firmware/r1.gz')).toBe(true);
  });

  it('refuses and deletes a file over the size limit', async () => {
    const uploadId = await upload('application/zip', 1000, zip(POLICY.maxBytes + 1));
    await expect(acceptReleaseUpload(files, POLICY, 'r2', { uploadId, fileName: 'big.zip' })).rejects.toBeInstanceOf(FileTooLargeException);
    expect(await exists(`incoming/firmware/${uploadId}`)).toBe(false);
    expect(await exists('firmware/r2.zip')).toBe(false);
  });

  it('refuses and deletes a file whose content differs from its declared type', async () => {
    const uploadId = await upload('application/zip', 5000, gzip(5000));
    await expect(acceptReleaseUpload(files, POLICY, 'r3', { uploadId, fileName: 'x.zip' })).rejects.toBeInstanceOf(UnsupportedFileTypeException);
    expect(await exists(`incoming/firmware/${uploadId}`)).toBe(false);
  });
});
