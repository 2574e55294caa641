/**
 * A merchant's storage config: the password is sealed before it is stored and opened only to sign in to the
 * repository; no answer carries it and the audit trail records only that it changed (its `passwordSetAt`).
 */
import type { StorageConfig, StorageConfigInput } from '#schemas/storage-config';
import { recordChange } from '../audit/change-recorder';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { RepositoryAuthenticationFailedException, StoragePasswordRequiredException } from './errors';
import type { RepositoryProbe, SecretBox, StorageConfigRepository, StoredStorageConfig } from './ports';

export interface StorageConfigDeps {
  storageConfigs: StorageConfigRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  secrets: SecretBox;
  repositoryProbe: RepositoryProbe;
  now: () => string;
}

const NEVER = '0001-01-01T00:00:00.000Z';
/** Binds a sealed password to its merchant: one merchant's cannot be opened as another's. */
const sealContext = (merchantId: string) => ({ purpose: 'storage-config', merchantId });

const shown = (c: StoredStorageConfig, configured: boolean): StorageConfig => ({
  merchantId: c.merchantId,
  username: c.username,
  storageUrl: c.storageUrl,
  passwordSet: c.passwordSealed !== '',
  configured,
  updatedAt: c.updatedAt,
});
/** What the audit trail sees: `passwordSetAt` is a secret field name, so it shows only that the password changed. */
const audited = ({ passwordSealed: _sealed, ...c }: StoredStorageConfig) => c;

async function stored(deps: Pick<StorageConfigDeps, 'storageConfigs' | 'merchants'>, principal: Principal, merchantId: string) {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
  const [config, merchant] = await Promise.all([deps.storageConfigs.get(merchantId), deps.merchants.get(merchantId)]);
  if (!merchant) throw new MerchantNotFoundException();
  return config;
}

export async function getStorageConfig(deps: StorageConfigDeps, principal: Principal, merchantId: string): Promise<StorageConfig> {
  const config = await stored(deps, principal, merchantId);
  return config ? shown(config, true) : shown({ merchantId, username: '', storageUrl: '', passwordSealed: '', passwordSetAt: '', updatedAt: NEVER }, false);
}

export async function saveStorageConfig(deps: StorageConfigDeps, principal: Principal, merchantId: string, input: StorageConfigInput): Promise<StorageConfig> {
  const current = await stored(deps, principal, merchantId);
  if (input.password === undefined && !current) throw new StoragePasswordRequiredException();
  const now = deps.now();
  const updatedAt = current && now <= current.updatedAt ? new Date(Date.parse(current.updatedAt) + 1).toISOString() : now;
  const next: StoredStorageConfig = {
    merchantId,
    username: input.username,
    storageUrl: input.storageUrl,
    passwordSealed: input.password === undefined ? current!.passwordSealed : await deps.secrets.seal(input.password, sealContext(merchantId)),
    passwordSetAt: input.password === undefined ? current!.passwordSetAt : updatedAt,
    updatedAt,
  };
  await deps.storageConfigs.save(next, current?.updatedAt);
  recordChange('storageConfig', merchantId, current ? audited(current) : undefined, audited(next));
  return shown(next, true);
}

/** Signs in to the repository with the saved credentials; a refusal or no answer → RepositoryAuthenticationFailedException. */
export async function testStorageConfig(deps: StorageConfigDeps, principal: Principal, merchantId: string) {
  const config = await stored(deps, principal, merchantId);
  if (!config) throw new RepositoryAuthenticationFailedException('notConfigured');
  const password = await deps.secrets.open(config.passwordSealed, sealContext(merchantId));
  const answer = await deps.repositoryProbe.check(config.storageUrl, { username: config.username, password });
  if (answer !== 'ok') throw new RepositoryAuthenticationFailedException(answer);
  return { ok: true as const, testedAt: deps.now() };
}
