import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { api } from './http';

/** A zip file's bytes (its local file header signature, then `size - 4` random bytes). */
export function zipBytes(size = 4096): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(size - 4)]);
}

/** Asks for an upload link and PUTs `bytes` to it as the browser does; the upload id. */
export async function uploadFile(
  token: string,
  bytes: Buffer,
  contentType = 'application/zip',
  fileName = 'fw.zip',
  path = '/firmwares/uploads',
): Promise<string> {
  const link = await api(path, { method: 'POST', token, body: { fileName, contentType, size: bytes.length } });
  expect(link.status, link.text).toBe(201);
  const put = await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return link.body.uploadId as string;
}

let nextBuild = Date.now() % 100_000_000;
/** A firmware body of a version never used (its build), for an upload. */
export const firmwareBody = (uploadId: string, overrides: Record<string, unknown> = {}) => ({
  major: 4,
  minor: 2,
  patch: 0,
  build: nextBuild++,
  deviceType: 'CENG',
  level: 'Production',
  releaseDate: '2026-11-30',
  uploadId,
  fileName: 'ceng-4.2.0.zip',
  ...overrides,
});

/** Uploads a zip and creates a firmware of it; the firmware. */
export async function createFirmware(token: string, overrides: Record<string, unknown> = {}, bytes = zipBytes()) {
  const uploadId = await uploadFile(token, bytes);
  const res = await api('/firmwares', { method: 'POST', token, body: firmwareBody(uploadId, overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}
