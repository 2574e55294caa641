import { PosParams } from '#schemas/pos';
import { ALL_ROLES, SUPER_ADMIN, type Role } from '#schemas/roles';
import {
  DirtinessStats,
  DirtinessStatsQuery,
  PosSensorDirtiness,
  SensorThreshold,
  SensorThresholdBody,
  SensorThresholdList,
  SensorThresholdParams,
  SensorThresholdsQuery,
} from '#schemas/sensors';
import { dirtinessStats, listSensorThresholds, posSensorDirtiness, putSensorThreshold } from '../../core/sensors/use-cases';
import { routeFor } from '../../http/manifest';
import type { SensorsGroupDeps } from './deps';

const route = routeFor<SensorsGroupDeps>();

const MERCHANT_WIDE: readonly Role[] = ALL_ROLES.filter((r) => r !== 'NEBULARGROUPADMIN');

/** Sensor thresholds per device model and the machines' dirtiness (spec §2 /admin/sensors-thresholds-configuration, /devices/{id}/pos-sensordirtyness; §7). */
export const routes = [
  route({
    id: 'sensors.listThresholds',
    method: 'GET',
    path: '/master-modelsensorsconfig',
    roles: SUPER_ADMIN,
    summary: 'Every sensor threshold (warning, critical, valuesIncrease) per device model and sensor; optionally one model’s',
    request: { query: SensorThresholdsQuery },
    response: SensorThresholdList,
    handler: ({ deps, query }) => listSensorThresholds(deps, query.model),
  }),
  route({
    id: 'sensors.putThreshold',
    method: 'PUT',
    path: '/master-modelsensorsconfig/{model}/{name}',
    roles: SUPER_ADMIN,
    summary:
      'Set a device model’s threshold of a sensor; warning must come before critical in the direction dirt moves the values (400 InvalidSensorThresholdException). Ingestion applies it within 30 s',
    request: { params: SensorThresholdParams, body: SensorThresholdBody },
    response: SensorThreshold,
    errors: { 400: ['InvalidSensorThresholdException'] },
    handler: ({ deps, params, body }) => putSensorThreshold(deps, params.model, params.name, body),
  }),
  route({
    id: 'sensors.posDirtiness',
    method: 'GET',
    path: '/pos/{id}/sensordirtyness',
    roles: SUPER_ADMIN,
    feature: 'NEBULAR_CASH',
    summary:
      'A machine’s dirtiness (unknown, ok, warning, critical) per sensor with its latest reading and its model’s threshold, and the machine’s (its worst sensor’s)',
    request: { params: PosParams },
    response: PosSensorDirtiness,
    handler: ({ deps, principal, params }) => posSensorDirtiness(deps, principal, params.id),
  }),
  route({
    id: 'sensors.dirtinessStats',
    method: 'GET',
    path: '/sensordirtyness/stats',
    roles: MERCHANT_WIDE,
    feature: 'NEBULAR_CASH',
    summary: 'A merchant’s machines per dirtiness state (a machine without readings or thresholds is unknown)',
    request: { query: DirtinessStatsQuery },
    response: DirtinessStats,
    handler: ({ deps, principal, query }) => dirtinessStats(deps, principal, query.merchantId),
  }),
];
