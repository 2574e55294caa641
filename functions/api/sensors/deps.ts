import { readCounter } from '../../adapters/dynamodb/counters';
import * as keys from '../../adapters/dynamodb/keys';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import { DynamoSensorStates, DynamoSensorThresholds } from '../../adapters/dynamodb/sensor-store';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The sensors group: thresholds per device model (written by the super admin), machines' sensor states and the merchants' dirtiness counters. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
  thresholds: new DynamoSensorThresholds(doc, tableName),
  states: new DynamoSensorStates(doc, tableName),
  dirtinessCounts: async (merchantId: string) => {
    const [machines, ok, warning, critical] = await Promise.all([
      readCounter(doc, tableName, keys.posCounterName(merchantId)),
      ...(['ok', 'warning', 'critical'] as const).map((state) => readCounter(doc, tableName, keys.dirtinessCounterName(merchantId), Date.now(), state)),
    ]);
    return { machines: machines!, ok: ok!, warning: warning!, critical: critical! };
  },
  nowMs: Date.now,
}));

export type SensorsGroupDeps = ReturnType<typeof deps>;
