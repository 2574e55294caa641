import { expect } from 'vitest';
import { api } from './http';
import { tokenFor } from './stack';

/** A new API token of the merchant (POST …/settings/api-token, as the super admin): the only time the API shows one. */
export async function issueApiToken(merchantId: string): Promise<string> {
  const res = await api(`/merchants/${merchantId}/settings/api-token`, { method: 'POST', token: await tokenFor('NEBULARSUPERADMIN') });
  expect(res.status, res.text).toBe(200);
  return res.body.apiToken as string;
}
