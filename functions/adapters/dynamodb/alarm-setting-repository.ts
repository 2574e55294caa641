import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlarmSetting } from '#schemas/alarm-entity';
import { AlarmSettingNotFoundException, DuplicateAlarmSettingNameException } from '../../core/alarms/errors';
import type { AlarmSettingRepository } from '../../core/alarms/settings';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { recordSchema } from './records';

/** The record schema of an alarm setting (`notifyRepaired` stays absent on settings stored before it existed). */
export const alarmSettingRecord = recordSchema<AlarmSetting>('alarmSetting', AlarmSetting);

/** Merchant alarm settings (ACCESS-PATTERNS 26b): a named entity of the merchant, stored like no-vend profiles. */
export function alarmSettingRepository(doc: DynamoDBDocumentClient, tableName: string): AlarmSettingRepository {
  return new NamedEntityStore<AlarmSetting>(doc, tableName, {
    entity: 'alarmSetting',
    record: alarmSettingRecord,
    key: keys.alarmSetting,
    byName: keys.alarmSettingByName,
    listPartition: keys.merchantAlarmSettingsPk,
    nameGuard: keys.alarmSettingNameGuard,
    guardOwner: 'alarmSettingId',
    counterName: (merchantId) => `MERCHANT#${merchantId}#ALARMSETTINGS`,
    editable: ['name', 'alarmCodes', 'userIds', 'criticities', 'groupIds', 'notifyRepaired', 'updatedAt'],
    duplicate: () => new DuplicateAlarmSettingNameException(),
    notFound: () => new AlarmSettingNotFoundException(),
  });
}
