import * as z from 'zod/mini';
import { AlarmCategory } from './alarm-code';
import { ALARM_STATUSES } from './alarm-constants';

/*
 * Alarms, master alarms and alarm settings as stored and answered. Apart from alarm.ts (which re-exports them) so
 * that their record schemas (ingestion's alarm path among them) bundle none of the alarm queries, inputs and pages.
 */

export const MACHINE_TYPES = [
  'EvaDt Standard',
  'Azkoyen',
  'Jofemar',
  'Sielaff',
  'Mei',
  'FAS',
  'Vendo',
  'VTM',
  'Impulsa',
  'Spengles',
  'Nebular Vending',
  'Nebular Cash',
  'Nebular Telemetry',
  'Coges',
] as const;
export const ALARM_SOURCES = ['none', 'coinChanger', 'machine', 'controlSystem', 'cashless', 'billReader', 'product', 'sat', 'hopper', 'other'] as const;
export const ALARM_GROUPS = ['none', 'alarm', 'notification'] as const;
export const MCBF_VALUES = ['', 'yes', 'no'] as const;

// ---------------------------------------------------------------- device alarms

export const Alarm = z.object({
  /** base64url of `{createdAt}#{messageId}`: its key in the machine's partition. */
  id: z.string(),
  serial: z.string(),
  posName: z.string(),
  code: z.string(),
  status: z.enum(ALARM_STATUSES),
  category: AlarmCategory,
  criticity: z.number(),
  message: z.string(),
  detail: z.string(),
  remainingCycles: z.nullable(z.number()),
  /** When the machine raised it. */
  createdAt: z.string(),
  /** The latest repeat the machine sent while it was open. */
  lastSeenAt: z.string(),
  /** Messages that raised it (the first and every repeat). */
  occurrences: z.number(),
  repairedAt: z.nullable(z.string()),
  /** Email of the user who repaired it manually. */
  repairedBy: z.nullable(z.string()),
});
export type Alarm = z.infer<typeof Alarm>;

// ---------------------------------------------------------------- master alarms (troubleshooting catalogue)

export const MasterAlarm = z.object({
  code: z.string(),
  criticity: z.number(),
  machineType: z.enum(MACHINE_TYPES),
  source: z.enum(ALARM_SOURCES),
  group: z.enum(ALARM_GROUPS),
  message: z.string(),
  category: AlarmCategory,
  mcbf: z.enum(MCBF_VALUES),
  level1: z.string(),
  level2: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MasterAlarm = z.infer<typeof MasterAlarm>;

// ---------------------------------------------------------------- merchant alarm settings

export const AlarmSetting = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  alarmCodes: z.array(z.string()),
  userIds: z.array(z.string()),
  criticities: z.array(z.number()),
  groupIds: z.array(z.string()),
  /** Absent on settings stored before it existed: false. */
  notifyRepaired: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlarmSetting = z.infer<typeof AlarmSetting>;
