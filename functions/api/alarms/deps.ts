import type { MasterAlarmDeps } from '../../core/alarms/master-alarms';
import type { AlarmSettingDeps } from '../../core/alarms/settings';
import type { AlarmDeps } from '../../core/alarms/use-cases';
import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { alarmSettingRepository } from '../../adapters/dynamodb/alarm-setting-repository';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMasterAlarmRepository } from '../../adapters/dynamodb/master-alarm-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoMachineReads } from '../../adapters/dynamodb/machine-reads';
import type { FunctionAccess } from '../../shared/access';
import { baseDeps, type BaseDeps } from '../../shared/base-deps';
import { lazy } from '../../shared/lazy';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

export type AlarmsGroupDeps = BaseDeps & AlarmDeps & MasterAlarmDeps & AlarmSettingDeps;

/** The alarms group: machines' alarms, the troubleshooting catalogue (master alarms) and merchants' alarm settings. */
export const deps = lazy((): AlarmsGroupDeps => {
  const base = baseDeps(access);
  const { doc, config: { tableName } } = base;
  return {
    ...base,
    pos: new DynamoMachineReads(doc, tableName),
    alarms: new DynamoAlarmRepository(doc, tableName),
    masterAlarms: new DynamoMasterAlarmRepository(doc, tableName),
    alarmSettings: alarmSettingRepository(doc, tableName),
    merchants: new DynamoMerchantRepository(doc, tableName),
    groups: new DynamoGroupRepository(doc, tableName),
  };
});
