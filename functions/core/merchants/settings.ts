import {
  MERCHANT_SETTINGS_DEFAULTS,
  SUPER_ADMIN_SETTINGS_DEFAULTS,
  type MerchantSettings,
  type MerchantSettingsInput,
  type RegeneratedApiToken,
  type SuperAdminSettings,
  type SuperAdminSettingsInput,
} from '#schemas/merchant-settings';
import { recordChange } from '../audit/change-recorder';
import { hashApiToken, newApiToken } from '../shared/api-token';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { MerchantNotFoundException } from './errors';
import type { MerchantRepository, MerchantSettingsRepository, StoredMerchantSettings } from './ports';

export interface SettingsDeps {
  merchants: MerchantRepository;
  merchantSettings: MerchantSettingsRepository;
  now: () => string;
}

/** A merchant the caller may see, or the 404 that hides foreign ones. */
async function requireMerchant(deps: SettingsDeps, principal: Principal, merchantId: string): Promise<void> {
  if (!canSeeMerchant(principal, merchantId) || !(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
}

/** What the API shows of stored settings: whether a token was issued, never its hash. */
const shown = ({ apiTokenHash, ...settings }: StoredMerchantSettings): MerchantSettings => ({ ...settings, apiTokenIssued: apiTokenHash !== '' });

async function storedSettings(deps: SettingsDeps, principal: Principal, merchantId: string): Promise<StoredMerchantSettings> {
  const [stored] = await Promise.all([deps.merchantSettings.getSettings(merchantId), requireMerchant(deps, principal, merchantId)]);
  return stored ?? { merchantId, ...MERCHANT_SETTINGS_DEFAULTS, apiTokenHash: '', updatedAt: '0001-01-01T00:00:00.000Z' };
}

/** The input without its absent optional fields (an absent anomaly threshold keeps the current one). */
const definedOf = (input: MerchantSettingsInput) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as MerchantSettingsInput;

export async function getMerchantSettings(deps: SettingsDeps, principal: Principal, merchantId: string): Promise<MerchantSettings> {
  return shown(await storedSettings(deps, principal, merchantId));
}

export async function saveMerchantSettings(
  deps: SettingsDeps,
  principal: Principal,
  merchantId: string,
  input: MerchantSettingsInput,
): Promise<MerchantSettings> {
  const current = await storedSettings(deps, principal, merchantId);
  const anomalies = {
    anomalyProbability: current.anomalyProbability,
    anomalyOfflineHours: current.anomalyOfflineHours,
    anomalyCashlessRatio: current.anomalyCashlessRatio,
  };
  const settings: StoredMerchantSettings = { ...anomalies, ...definedOf(input), merchantId, apiTokenHash: current.apiTokenHash, updatedAt: deps.now() };
  recordChange('merchantSettings', merchantId, current, settings, { withNextWrite: true });
  await deps.merchantSettings.putSettings(settings, current.deviceAssociationPin);
  return shown(settings);
}

/**
 * Issues a new API token; the old one stops working. Only its hash is stored (the trail says "changed"): this answer is
 * the one place the token is ever shown.
 */
export async function regenerateApiToken(deps: SettingsDeps, principal: Principal, merchantId: string): Promise<RegeneratedApiToken> {
  const current = await storedSettings(deps, principal, merchantId);
  const apiToken = newApiToken();
  const settings: StoredMerchantSettings = { ...current, apiTokenHash: hashApiToken(apiToken), updatedAt: deps.now() };
  recordChange('merchantSettings', merchantId, current, settings, { withNextWrite: true });
  await deps.merchantSettings.putSettings(settings, current.deviceAssociationPin);
  return { ...shown(settings), apiToken };
}

export async function getSuperAdminSettings(deps: SettingsDeps, principal: Principal, merchantId: string): Promise<SuperAdminSettings> {
  const [stored] = await Promise.all([deps.merchantSettings.getSuperAdminSettings(merchantId), requireMerchant(deps, principal, merchantId)]);
  return stored ?? { merchantId, ...SUPER_ADMIN_SETTINGS_DEFAULTS, updatedAt: '0001-01-01T00:00:00.000Z' };
}

export async function saveSuperAdminSettings(
  deps: SettingsDeps,
  principal: Principal,
  merchantId: string,
  input: SuperAdminSettingsInput,
): Promise<SuperAdminSettings> {
  const current = await getSuperAdminSettings(deps, principal, merchantId);
  const settings: SuperAdminSettings = { ...input, demoExpiration: input.demo ? input.demoExpiration : null, merchantId, updatedAt: deps.now() };
  recordChange('superAdminSettings', merchantId, current, settings, { withNextWrite: true });
  await deps.merchantSettings.putSuperAdminSettings(settings);
  return settings;
}
