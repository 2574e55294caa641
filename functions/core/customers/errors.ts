import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class CustomerNotFoundException extends NotFoundError {
  constructor() {
    super('CustomerNotFoundException', 'Customer not found');
  }
}

export class MediaAlreadyAssociatedException extends ConflictError {
  constructor() {
    super('MediaAlreadyAssociatedException', 'The media is associated with another customer');
  }
}

export class TooManyCustomerMediasException extends ConflictError {
  constructor(max: number) {
    super('TooManyCustomerMediasException', `A customer holds at most ${max} medias`);
  }
}

export class CustomerChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('CustomerChangedConcurrentlyException', 'The customer was changed meanwhile: reload and try again');
  }
}

/** GET /customers/csv past the export cap (spec §5: exports are capped at {maxResults}). */
export class CustomerExportTooLargeException extends ValidationError {
  constructor(max: number) {
    super('ExportTooLargeException', `More than ${max} customers: narrow the list with filters`, [{ path: 'query', message: `more than ${max} customers` }]);
  }
}
