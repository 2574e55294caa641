import { ConflictError, NotFoundError, ValidationError } from '../shared/domain-error';

export class SapCodeNotFoundException extends NotFoundError {
  constructor() {
    super('SapCodeNotFoundException', 'SAP code not found');
  }
}

export class DuplicateSapCodeException extends ConflictError {
  constructor() {
    super('DuplicateSapCodeException', 'The distributor already has this SAP code');
  }
}

/** A media can carry only one of its own merchant's SAP codes. */
export class UnknownMediaSapCodeException extends ValidationError {
  constructor() {
    super('UnknownMediaSapCodeException', 'The distributor has no such SAP code', [
      { path: 'body.sapCode', message: 'not one of the distributor’s SAP codes' },
    ]);
  }
}
