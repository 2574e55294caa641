/**
 * The firmware catalogue over HTTP against the embedded stack: files go to s3rver by the presigned PUT, the create call
 * checks them by content, hashes them from the object and moves them; what the download's 302 leads to is the file.
 */
import { createHash } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { localS3ClientConfig } from '../../infra/local/emulators/s3';
import { AUDIT_TRAIL_PLATFORM_MERCHANT } from '#schemas/audit-constants';
import { FIRMWARE_MAX_BYTES } from '#schemas/firmware';
import { createFirmware, firmwareBody, uploadFile, zipBytes } from './support/firmware';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';

const s3 = new S3Client(localS3ClientConfig(stack.s3));
const bucket = stack.buckets.firmware;
let superAdmin = '';
let merchantAdmin = '';

const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
    () => true,
    () => false,
  );
const incoming = async (uploadId: string) => exists(`incoming/firmware/${uploadId}`);

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  merchantAdmin = await tokenFor('NEBULARMERCHANTADMIN');
});

describe('a firmware', () => {
  it('is created from its uploaded file: size and SHA-256 from the object, the file moved out of incoming/, downloadable', async () => {
    const bytes = zipBytes(300_000);
    const uploadId = await uploadFile(superAdmin, bytes);
    const body = firmwareBody(uploadId, { major: 5, minor: 1, patch: 3 });
    const res = await api('/firmwares', { method: 'POST', token: superAdmin, body });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      major: 5,
      minor: 1,
      patch: 3,
      build: body.build,
      version: `5.1.3+${body.build}`,
      deviceType: 'CENG',
      level: 'Production',
      releaseDate: '2026-11-30',
      rules: 0,
      file: { fileName: 'ceng-4.2.0.zip', contentType: 'application/zip', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') },
    });
    expect(await incoming(uploadId)).toBe(false);
    const id = res.body.id as string;
    expect((await api(`/firmwares/${id}`, { token: superAdmin })).body).toEqual(res.body);

    const download = await api(`/firmwares/${id}/download`, { token: superAdmin });
    expect(download.status).toBe(302);
    const file = await fetch(download.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-disposition')).toContain('ceng-4.2.0.zip');

    const listed = await api('/firmwares?deviceType=CENG&size=100', { token: merchantAdmin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((f: { id: string }) => f.id)).toContain(id);
    expect(listed.body.items.every((f: { deviceType: string }) => f.deviceType === 'CENG')).toBe(true);
    expect((await api('/firmwares?deviceType=CUNI&size=100', { token: superAdmin })).body.items.map((f: { id: string }) => f.id)).not.toContain(id);

    const updated = await api(`/firmwares/${id}`, { method: 'PUT', token: superAdmin, body: { level: 'Beta', releaseDate: '2026-12-01' } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({ level: 'Beta', releaseDate: '2026-12-01' });

    const trail = await api(`/audit?merchantId=${AUDIT_TRAIL_PLATFORM_MERCHANT}&action=firmwares.update&size=100`, { token: superAdmin });
    const entry = trail.body.items.find((e: { targets: Array<{ id: string }> }) => e.targets.some((t) => t.id === id));
    expect(entry?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'level', before: 'Production', after: 'Beta' })]));

    const deleted = await api(`/firmwares/${id}`, { method: 'DELETE', token: superAdmin });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await api(`/firmwares/${id}`, { token: superAdmin })).status).toBe(404);
    const left = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `firmware/${id}` }));
    expect(left.KeyCount ?? 0).toBe(0);
  });

  it('has one version per device type and level', async () => {
    const first = await createFirmware(superAdmin);
    const stored = async () => (await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'firmware/' }))).KeyCount;
    const before = await stored();
    const same = { major: first.major, minor: first.minor, patch: first.patch, build: first.build };
    const uploadId = await uploadFile(superAdmin, zipBytes());
    const dup = await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(uploadId, same) });
    expect(dup.status, dup.text).toBe(400);
    expect(dup.body).toMatchObject({ code: 'DuplicateFirmwareVersionException', details: [{ path: 'body.build' }] });
    // The refused file is not kept; a Beta of that version, or another device type's, is another firmware.
    expect(await stored()).toBe(before);
    expect(await incoming(uploadId)).toBe(false);
    await createFirmware(superAdmin, { ...same, level: 'Beta' });
    await createFirmware(superAdmin, { ...same, deviceType: 'CUNI' });
  });

  it('is refused when the content is not of the declared type, and the upload is deleted', async () => {
    const uploadId = await uploadFile(superAdmin, Buffer.from('#!/bin/sh\necho not a zip\n'.repeat(20)));
    expect(await incoming(uploadId)).toBe(true);
    const res = await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(uploadId) });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ code: 'UnsupportedFileTypeException', details: [{ path: 'body.uploadId', message: 'unsupported file type' }] });
    expect(await incoming(uploadId)).toBe(false);
  });

  it('is refused when the upload declared a gzip but holds a zip', async () => {
    const uploadId = await uploadFile(superAdmin, zipBytes(), 'application/gzip', 'fw.gz');
    const res = await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(uploadId) });
    expect(res.body.code).toBe('UnsupportedFileTypeException');
    expect(await incoming(uploadId)).toBe(false);
  });

  it('never comes from a file that was not (or not completely) uploaded', async () => {
    const link = await api('/firmwares/uploads', {
      method: 'POST',
      token: superAdmin,
      body: { fileName: 'fw.zip', contentType: 'application/zip', size: 1000 },
    });
    expect(link.status).toBe(201);
    const res = await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(link.body.uploadId) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UploadNotFoundException', details: [{ path: 'body.uploadId' }] });
    // An upload id is used once: the second create finds nothing.
    const uploadId = await uploadFile(superAdmin, zipBytes());
    expect((await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(uploadId) })).status).toBe(201);
    expect((await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(uploadId) })).body.code).toBe('UploadNotFoundException');
  });

  it('cannot be deleted while a rule uses it (FirmwareInUseException)', async () => {
    const f = await createFirmware(superAdmin);
    const { doc } = stackDeps();
    const tableName = stack.tableName;
    await doc.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.firmware(f.id),
        UpdateExpression: 'ADD #r :one',
        ExpressionAttributeNames: { '#r': 'rules' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const res = await api(`/firmwares/${f.id}`, { method: 'DELETE', token: superAdmin });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('FirmwareInUseException');
    expect((await api(`/firmwares/${f.id}`, { token: superAdmin })).status).toBe(200);
  });
});

describe('upload links', () => {
  it('are refused for an unsupported type or a file over the size limit, naming the field', async () => {
    const wrongType = await api('/firmwares/uploads', {
      method: 'POST',
      token: superAdmin,
      body: { fileName: 'fw.exe', contentType: 'application/x-msdownload', size: 10 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details).toContainEqual(expect.objectContaining({ path: 'body.contentType', message: 'unsupported file type' }));
    const tooLarge = await api('/firmwares/uploads', {
      method: 'POST',
      token: superAdmin,
      body: { fileName: 'fw.zip', contentType: 'application/zip', size: FIRMWARE_MAX_BYTES + 1 },
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.details).toContainEqual(expect.objectContaining({ path: 'body.size' }));
  });

  it('bind the type and size in the signature', async () => {
    const link = await api('/firmwares/uploads', {
      method: 'POST',
      token: superAdmin,
      body: { fileName: 'fw.zip', contentType: 'application/zip', size: 1234 },
    });
    const url = new URL(link.body.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(url.pathname).toContain(`/incoming/firmware/${link.body.uploadId}`);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a build that is not a number', { build: '12a' }, 'build'],
    ['a fractional build', { build: 1.5 }, 'build'],
    ['a negative major', { major: -1 }, 'major'],
    ['an unknown level', { level: 'Alpha' }, 'level'],
    ['an unknown device type', { deviceType: 'XXXX' }, 'deviceType'],
    ['a release date that is no date', { releaseDate: '2026-02-30' }, 'releaseDate'],
    ['an upload id of another shape', { uploadId: '../../etc/passwd' }, 'uploadId'],
  ];
  for (const [what, change, field] of cases)
    it(`${what} → 400 naming ${field}`, async () => {
      const res = await api('/firmwares', { method: 'POST', token: superAdmin, body: firmwareBody(`${'a'.repeat(32)}.zip`, change) });
      expect(res.status, res.text).toBe(400);
      expect(res.body.details).toContainEqual(expect.objectContaining({ path: `body.${field}` }));
    });

  it('an update with an unknown level → 400; an unknown firmware → 404', async () => {
    const f = await createFirmware(superAdmin);
    expect((await api(`/firmwares/${f.id}`, { method: 'PUT', token: superAdmin, body: { level: 'Gold', releaseDate: '2026-01-01' } })).status).toBe(400);
    expect((await api('/firmwares/000000000-000000000000', { token: superAdmin })).status).toBe(404);
  });
});

describe('roles', () => {
  it('only the super admin uploads, creates, changes, deletes and downloads; every role lists', async () => {
    const f = await createFirmware(superAdmin);
    for (const role of ['NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const) {
      const token = await tokenFor(role);
      expect((await api('/firmwares', { token })).status).toBe(200);
      expect((await api('/firmwares/uploads', { method: 'POST', token, body: { fileName: 'a.zip', contentType: 'application/zip', size: 10 } })).status).toBe(
        403,
      );
      expect((await api(`/firmwares/${f.id}`, { method: 'DELETE', token })).status).toBe(403);
      expect((await api(`/firmwares/${f.id}/download`, { token })).status).toBe(403);
    }
  });
});
