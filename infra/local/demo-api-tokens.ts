import { hashApiToken, newApiToken } from '../../functions/core/shared/api-token';
import type { LocalRepositories } from './repositories';

/**
 * A fresh API token for a demo merchant that has settings ('' without), for the local stand-ins that call with it (the
 * seeded week of web payment orders, the simulated payment service): only its hash is stored, so theirs is the one copy,
 * and a token copied from the console before a restart of `npm start` stops working.
 */
export async function issueDemoApiToken(deps: Pick<LocalRepositories, 'merchantSettings'>, merchantId: string): Promise<string> {
  const settings = await deps.merchantSettings.getSettings(merchantId);
  if (!settings) return '';
  const token = newApiToken();
  await deps.merchantSettings.putSettings({ ...settings, apiTokenHash: hashApiToken(token) }, settings.deviceAssociationPin);
  return token;
}
