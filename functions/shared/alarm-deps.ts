import { DynamoAlarmRepository } from '../adapters/dynamodb/alarm-repository';
import { alarmSettingRepository } from '../adapters/dynamodb/alarm-setting-repository';
import { DynamoMasterAlarmRepository } from '../adapters/dynamodb/master-alarm-repository';
import type { AlarmRepository } from '../core/alarms/ports';
import type { MasterAlarmRepository } from '../core/alarms/master-alarms';
import type { AlarmSettingRepository } from '../core/alarms/settings';
import type { Deps } from './composition';

export interface AlarmGroupDeps extends Deps {
  alarms: AlarmRepository;
  masterAlarms: MasterAlarmRepository;
  alarmSettings: AlarmSettingRepository;
}

let built: { deps: Deps; value: AlarmGroupDeps } | undefined;

/**
 * The alarms group's deps: the shared ones plus the alarm, master alarm and alarm settings repositories, built
 * once per process. Kept out of the shared composition root so that only this group bundles them (like
 * command-deps.ts).
 */
export function alarmDeps(deps: Deps): AlarmGroupDeps {
  if (built?.deps !== deps) {
    const { doc, config } = deps;
    built = {
      deps,
      value: {
        ...deps,
        alarms: new DynamoAlarmRepository(doc, config.tableName),
        masterAlarms: new DynamoMasterAlarmRepository(doc, config.tableName),
        alarmSettings: alarmSettingRepository(doc, config.tableName),
      },
    };
  }
  return built.value;
}
