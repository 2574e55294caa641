import { ConflictError, DomainError, NotFoundError, ValidationError } from '../shared/domain-error';

export class WebPaymentOrderNotFoundException extends NotFoundError {
  constructor() {
    super('WebPaymentOrderNotFoundException', 'Web payment order not found');
  }
}

/** The payment service's callback: no token, a wrong one, or an unknown merchant (never told apart). */
export class PaymentServiceTokenRejectedException extends DomainError {
  constructor() {
    super('UnauthorizedException', 'unauthorized', 'A valid API token of the distributor is required');
  }
}

/** A final result never changes, nor what an order is for (type, amount, currency, media). */
export class WebPaymentOrderConflictException extends ConflictError {
  constructor(what: string) {
    super('WebPaymentOrderConflictException', `The order is already recorded with another ${what}`);
  }
}

export class OrderCurrencyMismatchException extends ValidationError {
  constructor(currency: string) {
    super('ValidationException', `The order's currency must be the distributor's (${currency})`, [{ path: 'body.currency', message: `must be ${currency}` }]);
  }
}
