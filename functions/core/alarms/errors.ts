import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../shared/domain-error';

export class AlarmNotFoundException extends NotFoundError {
  constructor() {
    super('AlarmNotFoundException', 'Alarm not found');
  }
}

export class AlarmAlreadyRepairedException extends ConflictError {
  constructor() {
    super('AlarmAlreadyRepairedException', 'The alarm is already repaired');
  }
}

export class MasterAlarmNotFoundException extends NotFoundError {
  constructor() {
    super('MasterAlarmNotFoundException', 'Master alarm not found');
  }
}

export class DuplicateMasterAlarmException extends ConflictError {
  constructor() {
    super('DuplicateMasterAlarmException', 'A master alarm with this code exists already');
  }
}

/** Spec §8: the troubleshooting content is too large; the user should reduce image sizes. */
export class TroubleshootingContentExceedsSizeLimits extends DomainError {
  constructor(bytes: number, max: number) {
    super('TroubleshootingContentExceedsSizeLimits', 'validation', `The troubleshooting content takes ${bytes} bytes, more than ${max}: reduce image sizes`, [
      { path: 'body.level1', message: `level 1 and level 2 together must not exceed ${max} bytes` },
    ]);
  }
}

export class AlarmSettingNotFoundException extends NotFoundError {
  constructor() {
    super('AlarmSettingNotFoundException', 'Alarm notification setting not found');
  }
}

export class DuplicateAlarmSettingNameException extends ConflictError {
  constructor() {
    super('DuplicateAlarmSettingNameException', 'The distributor already has an alarm notification setting with this name');
  }
}

export class AdvancedAlarmsNotEnabledException extends ForbiddenError {
  constructor() {
    super('Criticity and group conditions need the distributor’s advanced alarms feature', 'AdvancedAlarmsNotEnabledException');
  }
}

export class InvalidAlarmSettingRecipientsException extends ValidationError {
  constructor(path: string, message: string) {
    super('InvalidAlarmSettingRecipientsException', message, [{ path, message }]);
  }
}

export class AlarmExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('ExportTooLargeException', `More than ${max} alarms: narrow the list with filters`, [{ path: 'query', message: `more than ${max} alarms` }]);
  }
}

export class MasterAlarmChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('MasterAlarmChangedConcurrentlyException', 'Someone else changed or deleted this master alarm meanwhile: reload it');
  }
}
