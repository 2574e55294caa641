import { ConflictError, DomainError, NotFoundError } from '../shared/domain-error';

export class WebPaymentServiceNotFoundException extends NotFoundError {
  constructor() {
    super('WebPaymentServiceNotFoundException', 'Web payment service not found');
  }
}

export class WebPaymentConfigNotFoundException extends NotFoundError {
  constructor() {
    super('WebPaymentConfigNotFoundException', 'The distributor has no configuration of this web payment service');
  }
}

/** The payment service's callback for a merchant that has no configuration of a service of its type. */
export class WebPaymentServiceNotConfiguredException extends DomainError {
  constructor(serviceType: number) {
    super('WebPaymentServiceNotConfiguredException', 'forbidden', 'This web payment service is not configured for the distributor', [
      { path: 'body.service', message: `no configuration of a service of type ${serviceType}` },
    ]);
  }
}

export class WebPaymentServiceChangedConcurrentlyException extends ConflictError {
  constructor() {
    super('WebPaymentServiceChangedConcurrentlyException', 'The web payment service was changed meanwhile: reload and try again');
  }
}
