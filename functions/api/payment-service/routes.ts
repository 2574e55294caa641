import { ErpHeaders } from '#schemas/machine-prices';
import { API_TOKEN_HEADER, PaymentServiceCallback, PaymentServiceCallbackResult, PaymentServiceParams } from '#schemas/webpayment-order';
import { paymentServiceCallback } from '../../core/webpayment-orders/payment-service';
import { routeFor } from '../../http/manifest';
import type { PaymentServiceGroupDeps } from './deps';

const route = routeFor<PaymentServiceGroupDeps>();

export const routes = [
  route({
    id: 'paymentService.order',
    method: 'POST',
    path: '/payment-service/{id}/orders',
    roles: 'public',
    tokenCaller: 'paymentService',
    feature: 'WEBPAYMENTS',
    summary: `For the payment service, authenticated by the merchant’s API token in ${API_TOKEN_HEADER} (not a console sign-in; 401 otherwise): record a web payment order of merchant {id} (idempotent by service and service transaction number; a successful recharge credits its media once) and register or update its customer; a service type the merchant has no configuration of → 403 WebPaymentServiceNotConfiguredException`,
    request: { params: PaymentServiceParams, body: PaymentServiceCallback, headers: ErpHeaders },
    response: PaymentServiceCallbackResult,
    errors: {
      401: ['UnauthorizedException'],
      403: ['WebPaymentServiceNotConfiguredException'],
      404: ['MediaNotFoundException'],
      409: ['WebPaymentOrderConflictException'],
    },
    handler: ({ deps, params, body, headers }) => paymentServiceCallback(deps, headers[API_TOKEN_HEADER], params.id, body),
  }),
];
