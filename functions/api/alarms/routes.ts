import * as z from 'zod/mini';
import {
  Alarm,
  AlarmCsvQuery,
  AlarmListQuery,
  AlarmPage,
  AlarmParams,
  AlarmSetting,
  AlarmSettingInput,
  AlarmSettingListQuery,
  AlarmSettingPage,
  AlarmSettingParams,
  AlarmStats,
  AlarmStatsQuery,
  MAX_MASTER_ALARM_BODY_BYTES,
  MasterAlarm,
  MasterAlarmCreate,
  MasterAlarmInput,
  MasterAlarmListQuery,
  MasterAlarmPage,
  MasterAlarmParams,
  MerchantAlarmsParams,
  PosAlarmCsvQuery,
  PosAlarmListQuery,
} from '#schemas/alarm';
import { PosParams } from '#schemas/pos-entity';
import { ADMINS, ALL_ROLES, NOT_MERCHANT_USER, SUPER_ADMIN } from '#schemas/roles';
import { createMasterAlarm, deleteMasterAlarm, getMasterAlarm, listMasterAlarms, updateMasterAlarm } from '../../core/alarms/master-alarms';
import { createAlarmSetting, deleteAlarmSetting, getAlarmSetting, listAlarmSettings, updateAlarmSetting } from '../../core/alarms/settings';
import {
  deleteAlarm,
  listMerchantAlarms,
  listPosAlarms,
  merchantAlarmsCsv,
  merchantAlarmStats,
  posAlarmsCsv,
  posAlarmStats,
  repairAlarm,
} from '../../core/alarms/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { AlarmsGroupDeps } from './deps';

const route = routeFor<AlarmsGroupDeps>();

const FILTERS =
  'status (all, active, repaired = repaired or repaired manually, notification), category, criticity, from/to (ISO instants of creation, to exclusive)';

/** Device alarms (spec §2 /alarms and the device's alarms tab): a group admin sees the alarms raised in its groups; a foreign machine or merchant answers 404. */
const deviceAlarmRoutes = [
  route({
    id: 'alarms.listOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/alarms',
    roles: ALL_ROLES,
    summary: `A merchant’s alarms by creation date, newest first unless ordType=asc, a page; filters ${FILTERS}, serial (one machine)`,
    request: { params: MerchantAlarmsParams, query: AlarmListQuery },
    response: AlarmPage,
    handler: ({ deps, principal, params, query }) => listMerchantAlarms(deps, principal, params.id, query),
  }),
  route({
    id: 'alarms.csvOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/alarms/csv',
    roles: ALL_ROLES,
    summary: 'The listed alarms (same filters, paging ignored), newest first, as a CSV download; more than 5000 → 400',
    request: { params: MerchantAlarmsParams, query: AlarmCsvQuery },
    response: z.string(),
    produces: 'text/csv',
    handler: async ({ deps, principal, params, query }) => attachment(`alarms-${params.id}.csv`, await merchantAlarmsCsv(deps, principal, params.id, query)),
  }),
  route({
    id: 'alarms.statsOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/alarms/stats',
    roles: ALL_ROLES,
    summary:
      'Alarm counts maintained on write: all alarms now by status, category and criticity, and those created on each UTC day from/to (YYYY-MM-DD, default the last 7 days, at most 92)',
    request: { params: MerchantAlarmsParams, query: AlarmStatsQuery },
    response: AlarmStats,
    handler: ({ deps, principal, params, query }) => merchantAlarmStats(deps, principal, params.id, query),
  }),
  route({
    id: 'alarms.listOfPos',
    method: 'GET',
    path: '/pos/{id}/alarms',
    roles: ALL_ROLES,
    summary: `A machine’s alarms by creation date, newest first unless ordType=asc, a page; filters ${FILTERS}`,
    request: { params: PosParams, query: PosAlarmListQuery },
    response: AlarmPage,
    handler: ({ deps, principal, params, query }) => listPosAlarms(deps, principal, params.id, query),
  }),
  route({
    id: 'alarms.csvOfPos',
    method: 'GET',
    path: '/pos/{id}/alarms/csv',
    roles: ALL_ROLES,
    summary: 'A machine’s listed alarms (same filters, paging ignored) as a CSV download',
    request: { params: PosParams, query: PosAlarmCsvQuery },
    response: z.string(),
    produces: 'text/csv',
    handler: async ({ deps, principal, params, query }) => attachment(`alarms-${params.id}.csv`, await posAlarmsCsv(deps, principal, params.id, query)),
  }),
  route({
    id: 'alarms.statsOfPos',
    method: 'GET',
    path: '/pos/{id}/alarms/stats',
    roles: ALL_ROLES,
    summary: 'A machine’s alarm counts now by status, category and criticity (maintained on write; days empty)',
    request: { params: PosParams },
    response: AlarmStats,
    handler: ({ deps, principal, params }) => posAlarmStats(deps, principal, params.id),
  }),
  route({
    id: 'alarms.repair',
    method: 'PUT',
    path: '/pos/{id}/alarms/{alarmId}/repair',
    roles: ALL_ROLES,
    summary: 'Repair an open alarm manually (status repairedManually, by the caller, now); 409 AlarmAlreadyRepairedException when it is not open',
    request: { params: AlarmParams },
    response: Alarm,
    errors: { 409: ['AlarmAlreadyRepairedException'] },
    handler: ({ deps, principal, params }) => repairAlarm(deps, principal, params.id, params.alarmId),
  }),
  route({
    id: 'alarms.delete',
    method: 'DELETE',
    path: '/pos/{id}/alarms/{alarmId}',
    roles: NOT_MERCHANT_USER,
    summary: 'Delete an alarm: it leaves the lists and the statistics, and an open one no longer counts for the machine’s status',
    request: { params: AlarmParams },
    response: null,
    status: 204,
    handler: async ({ deps, principal, params }) => {
      await deleteAlarm(deps, principal, params.id, params.alarmId);
      return null;
    },
  }),
];

/** The troubleshooting catalogue (spec §2 /admin/troubleshooting-alarm): the super admin's; every role reads one code's troubleshooting. */
const masterAlarmRoutes = [
  route({
    id: 'masterAlarms.list',
    method: 'GET',
    path: '/master-alarms',
    roles: SUPER_ADMIN,
    summary: 'Master alarms by code, a page, without their troubleshooting content; search = codes starting with it',
    request: { query: MasterAlarmListQuery },
    response: MasterAlarmPage,
    handler: ({ deps, query }) => listMasterAlarms(deps, query),
  }),
  route({
    id: 'masterAlarms.create',
    method: 'POST',
    path: '/master-alarms',
    roles: SUPER_ADMIN,
    summary:
      'Create the master alarm of a code; 409 DuplicateMasterAlarmException; level 1 + level 2 over 300 KB → 400 TroubleshootingContentExceedsSizeLimits',
    request: { body: MasterAlarmCreate },
    maxBodyBytes: MAX_MASTER_ALARM_BODY_BYTES,
    response: MasterAlarm,
    status: 201,
    errors: { 409: ['DuplicateMasterAlarmException'] },
    handler: ({ deps, body }) => createMasterAlarm(deps, body),
  }),
  route({
    id: 'masterAlarms.get',
    method: 'GET',
    path: '/master-alarms/{code}',
    roles: ALL_ROLES,
    summary: 'The master alarm of a code with its level 1 and level 2 troubleshooting content',
    request: { params: MasterAlarmParams },
    response: MasterAlarm,
    handler: ({ deps, params }) => getMasterAlarm(deps, params.code),
  }),
  route({
    id: 'masterAlarms.update',
    method: 'PUT',
    path: '/master-alarms/{code}',
    roles: SUPER_ADMIN,
    summary: 'Replace a master alarm (same checks as create); alarms raised from now on take its classification',
    request: { params: MasterAlarmParams, body: MasterAlarmInput },
    maxBodyBytes: MAX_MASTER_ALARM_BODY_BYTES,
    response: MasterAlarm,
    errors: { 409: ['MasterAlarmChangedConcurrentlyException'] },
    handler: ({ deps, params, body }) => updateMasterAlarm(deps, params.code, body),
  }),
  route({
    id: 'masterAlarms.delete',
    method: 'DELETE',
    path: '/master-alarms/{code}',
    roles: SUPER_ADMIN,
    summary: 'Delete a master alarm',
    request: { params: MasterAlarmParams },
    response: null,
    status: 204,
    handler: async ({ deps, params }) => {
      await deleteMasterAlarm(deps, params.code);
      return null;
    },
  }),
];

/** Which alarm codes notify which users (spec §2 /manage/merchant-alarms-settings). */
const settingRoutes = [
  route({
    id: 'alarmSettings.list',
    method: 'GET',
    path: '/merchants/{id}/alarm-settings',
    roles: ADMINS,
    summary: 'The merchant’s alarm notification settings by name, a page',
    request: { params: MerchantAlarmsParams, query: AlarmSettingListQuery },
    response: AlarmSettingPage,
    handler: ({ deps, principal, params, query }) => listAlarmSettings(deps, principal, params.id, query),
  }),
  route({
    id: 'alarmSettings.create',
    method: 'POST',
    path: '/merchants/{id}/alarm-settings',
    roles: ADMINS,
    summary:
      'Create an alarm notification setting: alarm codes (none = all) → users of the merchant; criticities and groupIds need ADVANCED_ALARMS (403 AdvancedAlarmsNotEnabledException)',
    request: { params: MerchantAlarmsParams, body: AlarmSettingInput },
    response: AlarmSetting,
    status: 201,
    errors: { 409: ['DuplicateAlarmSettingNameException'] },
    handler: ({ deps, principal, params, body }) => createAlarmSetting(deps, principal, params.id, body),
  }),
  route({
    id: 'alarmSettings.get',
    method: 'GET',
    path: '/merchants/{id}/alarm-settings/{settingId}',
    roles: ADMINS,
    summary: 'One alarm notification setting',
    request: { params: AlarmSettingParams },
    response: AlarmSetting,
    handler: ({ deps, principal, params }) => getAlarmSetting(deps, principal, params.id, params.settingId),
  }),
  route({
    id: 'alarmSettings.update',
    method: 'PUT',
    path: '/merchants/{id}/alarm-settings/{settingId}',
    roles: ADMINS,
    summary: 'Replace an alarm notification setting (same checks as create)',
    request: { params: AlarmSettingParams, body: AlarmSettingInput },
    response: AlarmSetting,
    errors: { 409: ['DuplicateAlarmSettingNameException'] },
    handler: ({ deps, principal, params, body }) => updateAlarmSetting(deps, principal, params.id, params.settingId, body),
  }),
  route({
    id: 'alarmSettings.delete',
    method: 'DELETE',
    path: '/merchants/{id}/alarm-settings/{settingId}',
    roles: ADMINS,
    summary: 'Delete an alarm notification setting',
    request: { params: AlarmSettingParams },
    response: null,
    status: 204,
    handler: async ({ deps, principal, params }) => {
      await deleteAlarmSetting(deps, principal, params.id, params.settingId);
      return null;
    },
  }),
];

export const routes = [...deviceAlarmRoutes, ...masterAlarmRoutes, ...settingRoutes];
