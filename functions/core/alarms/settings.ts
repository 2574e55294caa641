/**
 * Merchant alarm settings (spec §2 /manage/merchant-alarms-settings, super admin and merchant admin):
 * which alarm codes notify which of the merchant's users. Criticity and group conditions are the
 * advanced part: they need the merchant's ADVANCED_ALARMS feature.
 */
import type { AlarmSetting, AlarmSettingInput } from '#schemas/alarm';
import type { Page } from '#schemas/paging';
import type { GroupRepository } from '../groups/ports';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import type { UserRepository } from '../users/ports';
import { AdvancedAlarmsNotEnabledException, AlarmSettingNotFoundException, InvalidAlarmSettingRecipientsException } from './errors';
import { pageOf } from '../shared/page';

export interface AlarmSettingSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** Names are unique per merchant case-insensitively; implementations enforce it atomically. */
export interface AlarmSettingRepository {
  get(merchantId: string, id: string): Promise<AlarmSetting | undefined>;
  listSlice(merchantId: string, req: AlarmSettingSlice): Promise<{ items: AlarmSetting[]; cursor?: string }>;
  count(merchantId: string): Promise<number>;
  /** Throws DuplicateAlarmSettingNameException, MerchantNotFoundException. */
  create(setting: AlarmSetting): Promise<void>;
  /** Throws AlarmSettingNotFoundException, DuplicateAlarmSettingNameException. */
  update(current: AlarmSetting, next: AlarmSetting): Promise<void>;
  delete(current: AlarmSetting): Promise<void>;
}

export interface AlarmSettingDeps {
  alarmSettings: AlarmSettingRepository;
  merchants: MerchantRepository;
  users: Pick<UserRepository, 'get'>;
  groups: Pick<GroupRepository, 'getMany'>;
  newId: () => string;
  now: () => string;
}

function requireMerchantScope(principal: Principal, merchantId: string): void {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

/** The advanced part needs the feature; recipients must be users of the merchant, groups its groups. */
async function checkInput(deps: AlarmSettingDeps, merchantId: string, input: AlarmSettingInput): Promise<void> {
  const merchant = await deps.merchants.get(merchantId);
  if (!merchant) throw new MerchantNotFoundException();
  if ((input.criticities.length || input.groupIds.length) && !merchant.features.includes('ADVANCED_ALARMS')) throw new AdvancedAlarmsNotEnabledException();
  const users = await Promise.all(input.userIds.map((id) => deps.users.get(id)));
  const foreign = input.userIds.findIndex((_, i) => !users[i]?.merchantIds.includes(merchantId));
  if (foreign >= 0) throw new InvalidAlarmSettingRecipientsException(`body.userIds.${foreign}`, 'not a user of this distributor');
  if (input.groupIds.length) {
    const found = new Set((await deps.groups.getMany(merchantId, input.groupIds)).map((g) => g.id));
    const missing = input.groupIds.findIndex((g) => !found.has(g));
    if (missing >= 0) throw new InvalidAlarmSettingRecipientsException(`body.groupIds.${missing}`, 'not a group of this distributor');
  }
}

export async function listAlarmSettings(
  deps: AlarmSettingDeps,
  principal: Principal,
  merchantId: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<AlarmSetting>> {
  requireMerchantScope(principal, merchantId);
  const [slice, total] = await Promise.all([
    deps.alarmSettings.listSlice(merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.alarmSettings.count(merchantId),
  ]);
  return pageOf(q, slice, total);
}

export async function getAlarmSetting(deps: AlarmSettingDeps, principal: Principal, merchantId: string, id: string): Promise<AlarmSetting> {
  requireMerchantScope(principal, merchantId);
  const setting = await deps.alarmSettings.get(merchantId, id);
  if (!setting) throw new AlarmSettingNotFoundException();
  return setting;
}

export async function createAlarmSetting(deps: AlarmSettingDeps, principal: Principal, merchantId: string, input: AlarmSettingInput): Promise<AlarmSetting> {
  requireMerchantScope(principal, merchantId);
  await checkInput(deps, merchantId, input);
  const now = deps.now();
  const setting: AlarmSetting = { ...input, id: deps.newId(), merchantId, createdAt: now, updatedAt: now };
  await deps.alarmSettings.create(setting);
  return setting;
}

export async function updateAlarmSetting(
  deps: AlarmSettingDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  input: AlarmSettingInput,
): Promise<AlarmSetting> {
  const current = await getAlarmSetting(deps, principal, merchantId, id);
  await checkInput(deps, merchantId, input);
  const now = deps.now();
  const next: AlarmSetting = { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt };
  await deps.alarmSettings.update(current, next);
  return next;
}

export async function deleteAlarmSetting(deps: AlarmSettingDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  await deps.alarmSettings.delete(await getAlarmSetting(deps, principal, merchantId, id));
}
