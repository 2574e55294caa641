/** The troubleshooting catalogue (spec §2 /admin/troubleshooting-alarm, super admin): one master alarm per code. */
import type { MasterAlarm, MasterAlarmCreate, MasterAlarmInput } from '#schemas/alarm';
import { MAX_TROUBLESHOOTING_BYTES } from '#schemas/alarm-constants';
import type { Page, Total } from '#schemas/paging';
import { MasterAlarmNotFoundException, TroubleshootingContentExceedsSizeLimits } from './errors';
import { pageOf } from '../shared/page';
import { recordChange } from '../audit/change-recorder';

export interface MasterAlarmSlice {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
  /** Codes starting with this. */
  search?: string;
}

export interface MasterAlarmRepository {
  get(code: string): Promise<MasterAlarm | undefined>;
  /** Without the troubleshooting content. */
  listSlice(slice: MasterAlarmSlice): Promise<{ items: Array<Omit<MasterAlarm, 'level1' | 'level2'>>; cursor?: string }>;
  count(search?: string): Promise<Total>;
  /** Throws DuplicateMasterAlarmException. */
  create(alarm: MasterAlarm): Promise<void>;
  /** Conditioned on the version read (updatedAt); throws MasterAlarmChangedConcurrentlyException. */
  update(alarm: MasterAlarm, previousUpdatedAt: string): Promise<void>;
  /** Throws MasterAlarmNotFoundException. */
  delete(code: string): Promise<void>;
}

export interface MasterAlarmDeps {
  masterAlarms: MasterAlarmRepository;
  now: () => string;
}

/** Level 1 and level 2 together (UTF-8 bytes) must fit MAX_TROUBLESHOOTING_BYTES (spec §8: reduce image sizes). */
export function checkTroubleshootingSize(input: Pick<MasterAlarmInput, 'level1' | 'level2'>): void {
  const bytes = Buffer.byteLength(input.level1, 'utf8') + Buffer.byteLength(input.level2, 'utf8');
  if (bytes > MAX_TROUBLESHOOTING_BYTES) throw new TroubleshootingContentExceedsSizeLimits(bytes, MAX_TROUBLESHOOTING_BYTES);
}

export async function listMasterAlarms(
  deps: MasterAlarmDeps,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string; search?: string },
): Promise<Page<Omit<MasterAlarm, 'level1' | 'level2'>>> {
  const [slice, total] = await Promise.all([
    deps.masterAlarms.listSlice({ offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor, search: q.search }),
    deps.masterAlarms.count(q.search),
  ]);
  return pageOf(q, slice, total);
}

export async function getMasterAlarm(deps: MasterAlarmDeps, code: string): Promise<MasterAlarm> {
  const alarm = await deps.masterAlarms.get(code);
  if (!alarm) throw new MasterAlarmNotFoundException();
  return alarm;
}

export async function createMasterAlarm(deps: MasterAlarmDeps, input: MasterAlarmCreate): Promise<MasterAlarm> {
  checkTroubleshootingSize(input);
  const now = deps.now();
  const alarm: MasterAlarm = { ...input, createdAt: now, updatedAt: now };
  await deps.masterAlarms.create(alarm);
  recordChange('masterAlarm', alarm.code, undefined, alarm);
  return alarm;
}

export async function updateMasterAlarm(deps: MasterAlarmDeps, code: string, input: MasterAlarmInput): Promise<MasterAlarm> {
  checkTroubleshootingSize(input);
  const current = await getMasterAlarm(deps, code);
  const now = deps.now();
  const next: MasterAlarm = {
    ...current,
    ...input,
    code,
    updatedAt: now > current.updatedAt ? now : new Date(Date.parse(current.updatedAt) + 1).toISOString(),
  };
  await deps.masterAlarms.update(next, current.updatedAt);
  recordChange('masterAlarm', code, current, next);
  return next;
}

/** Alarms already raised keep what they took from it; new ones of the code fall back to the device's values. */
export async function deleteMasterAlarm(deps: MasterAlarmDeps, code: string): Promise<void> {
  const current = await getMasterAlarm(deps, code);
  await deps.masterAlarms.delete(code);
  recordChange('masterAlarm', code, current, undefined);
}
