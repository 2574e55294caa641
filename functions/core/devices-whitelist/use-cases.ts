/**
 * The devices (enrolment) whitelist: an entry lets a device enrol until its `validUntil`, the merchant's super-admin
 * setting "screen configuration whitelist expiry" (days) after it was added or renewed. Past that it is refused
 * (`requireEnrolable`, what enrolment and the screen configurations' sends call) until it is added again.
 */
import { SUPER_ADMIN_SETTINGS_DEFAULTS } from '#schemas/merchant-settings';
import type { DevicesWhitelistEntry, DevicesWhitelistInput } from '#schemas/devices-whitelist';
import { recordChange } from '../audit/change-recorder';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { DomainError, NotFoundError } from '../shared/domain-error';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';

export type StoredWhitelistEntry = Omit<DevicesWhitelistEntry, 'expired'>;

export interface DevicesWhitelistRepository {
  list(merchantId: string): Promise<StoredWhitelistEntry[]>;
  get(merchantId: string, serial: string): Promise<StoredWhitelistEntry | undefined>;
  /** Put with a ConditionCheck that the merchant exists (MerchantNotFoundException). */
  put(entry: StoredWhitelistEntry): Promise<void>;
  /** false when there was none. */
  delete(merchantId: string, serial: string): Promise<boolean>;
  /** The merchant's super-admin setting, undefined until saved. */
  expiryDays(merchantId: string): Promise<number | undefined>;
}

export interface DevicesWhitelistDeps {
  whitelist: DevicesWhitelistRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  now: () => string;
}

export class DevicesWhitelistEntryNotFoundException extends NotFoundError {
  constructor() {
    super('DevicesWhitelistEntryNotFoundException', 'The device is not on the whitelist');
  }
}

/** An entry past its expiry: the device may not enrol until it is added again. */
export class DevicesWhitelistEntryExpiredException extends DomainError {
  constructor(validUntil: string) {
    super('DevicesWhitelistEntryExpiredException', 'gone', `The device's whitelist entry expired on ${validUntil}: add it again`);
  }
}

const DAY_MS = 86_400_000;
const withExpiry = (entry: StoredWhitelistEntry, now: string): DevicesWhitelistEntry => ({ ...entry, expired: entry.validUntil <= now });

async function requireMerchant(deps: Pick<DevicesWhitelistDeps, 'merchants'>, principal: Principal, merchantId: string) {
  if (!canSeeMerchant(principal, merchantId) || !(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
}

const expiryDaysOf = async (deps: Pick<DevicesWhitelistDeps, 'whitelist'>, merchantId: string) =>
  (await deps.whitelist.expiryDays(merchantId)) ?? SUPER_ADMIN_SETTINGS_DEFAULTS.screenConfigurationWhitelistExpiryDays;

export async function listWhitelist(deps: DevicesWhitelistDeps, principal: Principal, merchantId: string) {
  const [entries, expiryDays] = await Promise.all([
    deps.whitelist.list(merchantId),
    expiryDaysOf(deps, merchantId),
    requireMerchant(deps, principal, merchantId),
  ]);
  const now = deps.now();
  return { items: entries.map((e) => withExpiry(e, now)), expiryDays };
}

/** Adds the device, valid for the merchant's expiry days from now; adding it again renews it. */
export async function addToWhitelist(
  deps: DevicesWhitelistDeps,
  principal: Principal,
  merchantId: string,
  input: DevicesWhitelistInput,
): Promise<DevicesWhitelistEntry> {
  const [current, expiryDays] = await Promise.all([
    deps.whitelist.get(merchantId, input.serial),
    expiryDaysOf(deps, merchantId),
    requireMerchant(deps, principal, merchantId),
  ]);
  const now = deps.now();
  const entry: StoredWhitelistEntry = {
    merchantId,
    serial: input.serial,
    description: input.description,
    createdAt: now,
    validUntil: new Date(Date.parse(now) + expiryDays * DAY_MS).toISOString(),
  };
  await deps.whitelist.put(entry);
  recordChange('devicesWhitelistEntry', input.serial, current, entry);
  return withExpiry(entry, now);
}

/** Whether the device may enrol: its entry while valid; expired → 410, absent → 404. */
export async function requireEnrolable(
  deps: Pick<DevicesWhitelistDeps, 'whitelist' | 'now'>,
  merchantId: string,
  serial: string,
): Promise<DevicesWhitelistEntry> {
  const entry = await deps.whitelist.get(merchantId, serial);
  if (!entry) throw new DevicesWhitelistEntryNotFoundException();
  const shown = withExpiry(entry, deps.now());
  if (shown.expired) throw new DevicesWhitelistEntryExpiredException(entry.validUntil);
  return shown;
}

export async function checkWhitelisted(deps: DevicesWhitelistDeps, principal: Principal, merchantId: string, serial: string) {
  await requireMerchant(deps, principal, merchantId);
  return requireEnrolable(deps, merchantId, serial);
}

export async function removeFromWhitelist(deps: DevicesWhitelistDeps, principal: Principal, merchantId: string, serial: string): Promise<void> {
  await requireMerchant(deps, principal, merchantId);
  const current = await deps.whitelist.get(merchantId, serial);
  if (!current || !(await deps.whitelist.delete(merchantId, serial))) throw new DevicesWhitelistEntryNotFoundException();
  recordChange('devicesWhitelistEntry', serial, current, undefined);
}
