import { ALARM_CATEGORIES, ALARM_CRITICITIES, ALARM_STATUS_FILTERS, type AlarmStatus } from '#schemas/alarm';

export const STATUS_MESSAGES: Record<AlarmStatus, string> = {
  active: 'alarms.status.active',
  notification: 'alarms.status.notification',
  repaired: 'alarms.status.repaired',
  repairedManually: 'alarms.status.repairedManually',
};
export const STATUS_TONE: Record<AlarmStatus, 'bad' | 'warn' | 'ok' | 'neutral'> = {
  active: 'bad',
  notification: 'neutral',
  repaired: 'ok',
  repairedManually: 'ok',
};
export const STATUS_FILTER_MESSAGES: Record<(typeof ALARM_STATUS_FILTERS)[number], string> = {
  all: 'alarms.filter.all',
  active: 'alarms.status.active',
  repaired: 'alarms.filter.repaired',
  notification: 'alarms.status.notification',
};
export const CATEGORY_MESSAGES: Record<(typeof ALARM_CATEGORIES)[number], string> = {
  jam: 'alarms.category.jam',
  usability: 'alarms.category.usability',
  maintenance: 'alarms.category.maintenance',
  fault: 'alarms.category.fault',
};
export const CRITICITY_MESSAGES: Record<(typeof ALARM_CRITICITIES)[number], string> = {
  0: 'alarms.criticity.0',
  2: 'alarms.criticity.2',
  4: 'alarms.criticity.4',
};
export const CRITICITY_TONE: Record<number, 'neutral' | 'warn' | 'bad'> = { 0: 'neutral', 2: 'warn', 4: 'bad' };
export const isOpen = (status: AlarmStatus) => status === 'active' || status === 'notification';
