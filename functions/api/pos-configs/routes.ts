import {
  CustomConfig,
  CustomConfigInput,
  HistoricalConfig,
  HistoricalConfigPage,
  HistoricalConfigParams,
  HistoricalConfigQuery,
  LastSensorsInfo,
  PosConfigs,
} from '#schemas/pos-config';
import { PosParams } from '#schemas/pos-entity';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import { getCustomConfig, getHistoricalConfig, getPosConfigs, listHistoricalConfigs, putCustomConfig } from '../../core/devices/config-use-cases';
import { lastSensorsInfo } from '../../core/devices/sensors';
import { routeFor } from '../../http/manifest';
import type { PosConfigsGroupDeps } from './deps';

const route = routeFor<PosConfigsGroupDeps>();

/** A machine's configurations (reported, historical, custom) and its last sensors info. */
export const routes = [
  route({
    id: 'pos.configs',
    method: 'GET',
    path: '/pos/{id}/configs',
    roles: ALL_ROLES,
    summary: 'The configuration the machine last reported, and the sync state of its custom config (null without one)',
    request: { params: PosParams },
    response: PosConfigs,
    handler: ({ deps, principal, params }) => getPosConfigs(deps, principal, params.id),
  }),
  route({
    id: 'pos.historicalConfigs',
    method: 'GET',
    path: '/pos/{id}/configs/historical',
    roles: ALL_ROLES,
    summary: 'The configurations the machine reported, newest first unless ordType=asc, optionally between from and to (reportedAt), a page',
    request: { params: PosParams, query: HistoricalConfigQuery },
    response: HistoricalConfigPage,
    handler: ({ deps, principal, params, query }) => listHistoricalConfigs(deps, principal, params.id, query),
  }),
  route({
    id: 'pos.historicalConfig',
    method: 'GET',
    path: '/pos/{id}/configs/historical/{historicalId}',
    roles: ALL_ROLES,
    summary: 'One reported configuration; 404 MachineConfigurationNotFoundException when it is not (or no longer) stored',
    request: { params: HistoricalConfigParams },
    response: HistoricalConfig,
    handler: ({ deps, principal, params }) => getHistoricalConfig(deps, principal, params.id, params.historicalId),
  }),
  route({
    id: 'pos.customConfig',
    method: 'GET',
    path: '/pos/{id}/custom-configs',
    roles: ALL_ROLES,
    feature: 'REMOTE_CONFIGURATIONS',
    summary: 'The configuration users want the machine to run, with its sync state; 404 CustomConfigNotFoundException when none was set',
    request: { params: PosParams },
    response: CustomConfig,
    handler: ({ deps, principal, params }) => getCustomConfig(deps, principal, params.id),
  }),
  route({
    id: 'pos.saveCustomConfig',
    method: 'PUT',
    path: '/pos/{id}/custom-configs',
    roles: NOT_MERCHANT_USER,
    feature: 'REMOTE_CONFIGURATIONS',
    summary:
      'Replace the custom config (origin 0); pending until the device reports the same values. 409 CustomConfigChangedConcurrentlyException when it changed meanwhile',
    request: { params: PosParams, body: CustomConfigInput },
    response: CustomConfig,
    errors: { 409: ['CustomConfigChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => putCustomConfig(deps, principal, params.id, body.values),
  }),
  route({
    id: 'pos.lastSensorsInfo',
    method: 'GET',
    path: '/pos/{id}/last-sensors-info',
    roles: ALL_ROLES,
    summary: 'Signal level, temperature, last ping and connection the machine last reported',
    request: { params: PosParams },
    response: LastSensorsInfo,
    handler: ({ deps, principal, params }) => lastSensorsInfo(deps, principal, params.id),
  }),
];
