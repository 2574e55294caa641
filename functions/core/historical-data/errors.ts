import { ConflictError, DomainError, NotFoundError } from '../shared/domain-error';

export class HistoricalDataRequestNotFoundException extends NotFoundError {
  constructor() {
    super('HistoricalDataRequestNotFoundException', 'Historical data request not found');
  }
}

/** Spec §9 maximum active data requests: requests still in status Created per merchant. */
export class TooManyActiveDataRequestsException extends DomainError {
  constructor(max: number) {
    super('TooManyActiveDataRequestsException', 'conflict', `At most ${max} historical data requests can be in progress at once`, [
      { path: 'max', message: String(max) },
    ]);
  }
}

/** Only a request that ended in Error can run again. */
export class DataRequestNotRetryableException extends ConflictError {
  constructor() {
    super('DataRequestNotRetryableException', 'Only a failed historical data request can be retried');
  }
}

/** The file is not there yet (Created) or never will be (Error). */
export class DataRequestNotReadyException extends ConflictError {
  constructor() {
    super('DataRequestNotReadyException', 'The historical data file is not ready');
  }
}

/** The link validity ended: the file is gone. */
export class DataRequestExpiredException extends DomainError {
  constructor() {
    super('DataRequestExpiredException', 'gone', 'The historical data file has expired');
  }
}

export class SubscriptionNotFoundException extends NotFoundError {
  constructor() {
    super('SubscriptionNotFoundException', 'Scheduled export not found');
  }
}

export class TooManySubscriptionsException extends DomainError {
  constructor(max: number) {
    super('TooManySubscriptionsException', 'conflict', `At most ${max} scheduled exports per merchant`, [{ path: 'max', message: String(max) }]);
  }
}
