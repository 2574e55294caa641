import { DynamoAlarmRepository } from '../../adapters/dynamodb/alarm-repository';
import { alarmSettingRepository } from '../../adapters/dynamodb/alarm-setting-repository';
import { DynamoGroupRepository } from '../../adapters/dynamodb/group-repository';
import { DynamoMasterAlarmRepository } from '../../adapters/dynamodb/master-alarm-repository';
import { DynamoMerchantRepository } from '../../adapters/dynamodb/merchant-repository';
import { DynamoPosReader } from '../../adapters/dynamodb/machine-reads';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The alarms group: machines' alarms, the troubleshooting catalogue (master alarms) and merchants' alarm settings. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosReader(doc, tableName),
  alarms: new DynamoAlarmRepository(doc, tableName),
  masterAlarms: new DynamoMasterAlarmRepository(doc, tableName),
  alarmSettings: alarmSettingRepository(doc, tableName),
  merchants: new DynamoMerchantRepository(doc, tableName),
  groups: new DynamoGroupRepository(doc, tableName),
}));

export type AlarmsGroupDeps = ReturnType<typeof deps>;
