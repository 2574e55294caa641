import { ConflictError, DomainError, ValidationError } from '../shared/domain-error';

/** The prices changed since the caller read them (another save, send or cancel won): reload and try again. */
export class PricesChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('PricesChangedConcurrentlyException', 'The prices were changed meanwhile: reload and try again');
  }
}

/** Spec §5: save prices before sending (unsaved edits, or a newer save than the caller's, or nothing saved). */
export class SavePricesBeforeSendingException extends ConflictError {
  constructor() {
    super('SavePricesBeforeSendingException', 'Save prices before sending');
  }
}

/** A machine without a planogram has no lines to price. */
export class PosWithoutPlanogramException extends ConflictError {
  constructor() {
    super('PosWithoutPlanogramException', 'The machine has no planogram: assign one before setting prices');
  }
}

/** Cancel goes back to the last synced prices: there are none yet. */
export class NoSyncedPricesException extends ConflictError {
  constructor() {
    super('NoSyncedPricesException', 'The machine never confirmed any prices: there is nothing to go back to');
  }
}

/** Lines a price names that are not selections of the machine's planogram: 400 naming each entry. */
export class UnknownPriceLineException extends ValidationError {
  constructor(entries: number[], path = 'body.prices') {
    super(
      'ValidationException',
      'A price names a line that is not in the machine’s planogram',
      entries.map((i) => ({ path: `${path}.${i}.line`, message: 'not a line of the planogram' })),
    );
  }
}

export class TooManyBulkMachinesException extends ValidationError {
  constructor(max: number) {
    super('TooManyBulkMachinesException', `A price change reaches at most ${max} machines: narrow the selection`, [
      { path: 'body.target', message: `more than ${max} machines` },
    ]);
  }
}

/** A foreign or unknown machine in a bulk change's selection: 404 naming it. */
export class BulkPosNotFoundException extends DomainError {
  constructor(indexes: number[]) {
    super(
      'PosNotFoundException',
      'not-found',
      'Point of sale not found',
      indexes.map((i) => ({ path: `body.target.serials.${i}`, message: 'unknown machine' })),
    );
  }
}

export class BulkProductNotFoundException extends DomainError {
  constructor() {
    super('ProductNotFoundException', 'not-found', 'Product not found', [{ path: 'body.productId', message: 'unknown product' }]);
  }
}

/** The ERP route: no token, a wrong one, or a machine the token's merchant does not have (never told apart). */
export class ApiTokenRejectedException extends DomainError {
  constructor() {
    super('UnauthorizedException', 'unauthorized', 'A valid API token of the machine’s distributor is required');
  }
}

/** The super admin has not switched the merchant's ERP API on (super-admin settings). */
export class ErpApiNotEnabledException extends DomainError {
  constructor() {
    super('ErpApiNotEnabledException', 'forbidden', 'The ERP API is not enabled for this distributor');
  }
}
