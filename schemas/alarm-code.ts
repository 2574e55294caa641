/** What identifies and classifies an alarm (spec §3), apart from the rest of the alarm schemas: device messages (iot.ts) need only this. */
import * as z from 'zod/mini';
import { numberIn } from './number-enum';
import { ALARM_CATEGORIES, ALARM_CRITICITIES } from './alarm-constants';

export { ALARM_CATEGORIES, ALARM_CRITICITIES, CRITICITY } from './alarm-constants';

export type AlarmCategory = (typeof ALARM_CATEGORIES)[number];
export type AlarmCriticity = (typeof ALARM_CRITICITIES)[number];

export const AlarmCode = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,32}$/, 'alarm code: 1–32 of A-Z a-z 0-9 _ . -'));
export const AlarmCategory = z.enum(ALARM_CATEGORIES);
export const criticity = (coerce: boolean) => numberIn(ALARM_CRITICITIES, 'criticity must be 0, 2 or 4', coerce);
export const AlarmCriticity = criticity(false);
