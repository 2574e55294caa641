/**
 * Alarms (spec §3, §4): what devices raise and clear over MQTT, the troubleshooting catalogue of master
 * alarms (super admin) and which alarm codes notify which users (merchant alarm settings).
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, pageQuery, rangeInOrder } from './paging';
import { Serial } from './pos-entity';
import { AlarmCategory, AlarmCode, AlarmCriticity, criticity } from './alarm-code';
import { ALARM_STATUSES } from './alarm-constants';
import { ALARM_GROUPS, ALARM_SOURCES, Alarm, AlarmSetting, MACHINE_TYPES, MasterAlarm, MCBF_VALUES } from './alarm-entity';

export { ALARM_CATEGORIES, ALARM_CRITICITIES, AlarmCategory, AlarmCode, AlarmCriticity, CRITICITY } from './alarm-code';
export { ALARM_STATUSES, MAX_STATS_DAYS, MAX_TROUBLESHOOTING_BYTES } from './alarm-constants';
export { ALARM_GROUPS, ALARM_SOURCES, Alarm, AlarmSetting, MACHINE_TYPES, MasterAlarm, MCBF_VALUES } from './alarm-entity';

/** The list filter (spec §4): `repaired` holds both repaired and repaired manually. */
export const ALARM_STATUS_FILTERS = ['all', 'active', 'repaired', 'notification'] as const;

export type AlarmStatus = (typeof ALARM_STATUSES)[number];

// ---------------------------------------------------------------- device alarms

export const AlarmPage = page(Alarm);

export const AlarmId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,160}$/, 'invalid alarm id'));
export const AlarmParams = z.strictObject({ id: Serial, alarmId: AlarmId });

const isoInstant = z.iso.datetime({ offset: true });
const filters = {
  status: z._default(z.enum(ALARM_STATUS_FILTERS), 'all'),
  category: z.optional(AlarmCategory),
  criticity: z.optional(criticity(true)),
  /** Created at or after (ISO instant). */
  from: z.optional(isoInstant),
  /** Created before (ISO instant, exclusive). */
  to: z.optional(isoInstant),
};
const paging = newestFirstPaging('createdAt');

/** A machine's alarms: newest first unless ordType=asc. */
export const PosAlarmListQuery = z.strictObject({ ...paging, ...filters }).check(rangeInOrder());
export type PosAlarmListQuery = z.infer<typeof PosAlarmListQuery>;
/** A merchant's alarms; `serial` narrows to one machine. */
export const AlarmListQuery = z.strictObject({ ...paging, ...filters, serial: z.optional(Serial) }).check(rangeInOrder());
export type AlarmListQuery = z.infer<typeof AlarmListQuery>;
export const AlarmCsvQuery = z.strictObject({ ...filters, serial: z.optional(Serial) }).check(rangeInOrder());
export type AlarmCsvQuery = z.infer<typeof AlarmCsvQuery>;
export const PosAlarmCsvQuery = z.strictObject(filters).check(rangeInOrder());
export type AlarmFilters = z.infer<typeof PosAlarmCsvQuery>;

/** Alarm counts: all, and by current status, category and criticity. */
export const AlarmCounts = z.object({
  total: z.number(),
  byStatus: z.object({ active: z.number(), notification: z.number(), repaired: z.number(), repairedManually: z.number() }),
  byCategory: z.object({ jam: z.number(), usability: z.number(), maintenance: z.number(), fault: z.number() }),
  byCriticity: z.object({ '0': z.number(), '2': z.number(), '4': z.number() }),
});
export type AlarmCounts = z.infer<typeof AlarmCounts>;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD'));
/** Days (UTC) of creation, both inclusive; default the last 7 days. */
export const AlarmStatsQuery = z
  .strictObject({ from: z.optional(day), to: z.optional(day) })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['to'] }));
export type AlarmStatsQuery = z.infer<typeof AlarmStatsQuery>;
/** Counts maintained on write: all alarms now, and those created on each day of the range. */
export const AlarmStats = z.object({
  counts: AlarmCounts,
  days: z.array(z.object({ day: z.string(), counts: AlarmCounts })),
});
export type AlarmStats = z.infer<typeof AlarmStats>;

export const MerchantAlarmsParams = z.strictObject({ id: MerchantId });

// ---------------------------------------------------------------- master alarms (troubleshooting catalogue)

/** The master alarm routes take bodies up to this size, so content over the limit gets its coded error. */
export const MAX_MASTER_ALARM_BODY_BYTES = 1024 * 1024;

export const MasterAlarmInput = z.strictObject({
  criticity: AlarmCriticity,
  machineType: z.enum(MACHINE_TYPES),
  source: z._default(z.enum(ALARM_SOURCES), 'none'),
  group: z._default(z.enum(ALARM_GROUPS), 'none'),
  message: z.string().check(z.trim(), z.minLength(1, 'message is required'), z.maxLength(200)),
  category: AlarmCategory,
  mcbf: z._default(z.enum(MCBF_VALUES), ''),
  // The size limit is checked by the use case, so an oversized text gets its coded error, not a field error.
  level1: z._default(z.string().check(z.maxLength(MAX_MASTER_ALARM_BODY_BYTES)), ''),
  level2: z._default(z.string().check(z.maxLength(MAX_MASTER_ALARM_BODY_BYTES)), ''),
});
export type MasterAlarmInput = z.infer<typeof MasterAlarmInput>;
export const MasterAlarmCreate = z.extend(MasterAlarmInput, { code: AlarmCode });
export type MasterAlarmCreate = z.infer<typeof MasterAlarmCreate>;

/** The list leaves the troubleshooting content out. */
export const MasterAlarmSummary = z.extend(MasterAlarm, { level1: z.optional(z.string()), level2: z.optional(z.string()) });
export const MasterAlarmPage = page(MasterAlarmSummary);
export const MasterAlarmListQuery = pageQuery(['code'] as const, { search: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))) });
export const MasterAlarmParams = z.strictObject({ code: AlarmCode });

// ---------------------------------------------------------------- merchant alarm settings

export const AlarmSettingId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid alarm setting id'));
export const AlarmSettingParams = z.strictObject({ id: MerchantId, settingId: AlarmSettingId });
export const MAX_SETTING_CODES = 200;
export const MAX_SETTING_USERS = 50;

const unique = <T>(what: string) => z.refine<T[]>((list) => new Set(list).size === list.length, `${what} repeated`);

/**
 * Which alarm codes (none = every code) notify which users of the merchant. The advanced part
 * (criticities, groups) needs the merchant's ADVANCED_ALARMS feature.
 */
export const AlarmSettingInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  alarmCodes: z.array(AlarmCode).check(z.maxLength(MAX_SETTING_CODES), unique('alarm code')),
  userIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1, 'pick at least one user'), z.maxLength(MAX_SETTING_USERS), unique('user')),
  /** Advanced: only alarms of these criticities notify (empty = all). */
  criticities: z._default(z.array(AlarmCriticity).check(unique('criticity')), []),
  /** Advanced: only alarms of machines of these groups notify (empty = all). */
  groupIds: z._default(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(50), unique('group')), []),
  /** Also tell when the alarm is repaired (by the machine or a user), not only when it is raised. */
  notifyRepaired: z._default(z.boolean(), false),
});
export type AlarmSettingInput = z.infer<typeof AlarmSettingInput>;

export const AlarmSettingPage = page(AlarmSetting);
export const AlarmSettingListQuery = pageQuery(['name'] as const);
