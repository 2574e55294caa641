import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

/** Spec §8 report error "no data for the period": a message, never an empty document. */
export class ReportNoDataException extends NotFoundError {
  constructor() {
    super('ReportNoDataException', 'No data for the period');
  }
}

/** A custom parameter the report type does not take. */
export class ReportParameterException extends ValidationError {
  constructor(name: string, type: string) {
    super('ValidationException', `${type} reports do not take the parameter ${name}`, [
      { path: `query.${name}`, message: `not a parameter of ${type} reports` },
    ]);
  }
}

export class ReportFileNotFoundException extends NotFoundError {
  constructor() {
    super('ReportFileNotFoundException', 'Report file not found');
  }
}

/** The file is still being made, or its making failed (spec §8 report PDF error). */
export class ReportFileNotReadyException extends ConflictError {
  constructor() {
    super('ReportFileNotReadyException', 'The report file is not ready');
  }
}
