import { expect } from 'vitest';
import { uploadFile, zipBytes } from './firmware';
import { api } from './http';

export const cashDatabasesPath = (merchantId: string) => `/merchants/${merchantId}/cash-databases`;

let nextVersion = Date.now() % 1_000_000;
/** A cash database body of a version never used, for an upload. */
export const cashDatabaseBody = (uploadId: string, overrides: Record<string, unknown> = {}) => ({
  version: `2026.${nextVersion++}`,
  deviceType: 'C100',
  peripheral: 'billValidator',
  description: 'EUR banknotes, 2026 series',
  uploadId,
  fileName: 'eur-2026.zip',
  ...overrides,
});

/** Asks the merchant's upload link and PUTs `bytes` to it as the browser does; the upload id. */
export const uploadCashDatabaseFile = (token: string, merchantId: string, bytes = zipBytes(), contentType = 'application/zip', fileName = 'db.zip') =>
  uploadFile(token, bytes, contentType, fileName, `${cashDatabasesPath(merchantId)}/uploads`);

/** Uploads a zip and creates a cash database of it in the merchant; the cash database. */
export async function createCashDatabase(token: string, merchantId: string, overrides: Record<string, unknown> = {}, bytes = zipBytes()) {
  const uploadId = await uploadCashDatabaseFile(token, merchantId, bytes);
  const res = await api(cashDatabasesPath(merchantId), { method: 'POST', token, body: cashDatabaseBody(uploadId, overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body as Record<string, any>;
}
