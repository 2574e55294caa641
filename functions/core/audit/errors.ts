import { NotFoundError, ValidationError } from '../shared/domain-error';

export class AuditTrailEntryNotFoundException extends NotFoundError {
  constructor() {
    super('AuditTrailEntryNotFoundException', 'No such entry in the audit trail');
  }
}

/** More entries match than one CSV holds. */
export class AuditTrailTooManyRowsException extends ValidationError {
  constructor(maxRows: number) {
    super(
      'MaxResultsExceededException',
      `More than ${maxRows.toLocaleString('en')} audit entries match: narrow the date range or the filters, or export the days through historical data (dataType AuditTrail)`,
      [{ path: 'query.from', message: `at most ${maxRows} entries` }],
    );
  }
}
