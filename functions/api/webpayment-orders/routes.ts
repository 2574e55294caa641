import { MerchantScopeQuery } from '#schemas/customer';
import { ALL_ROLES } from '#schemas/roles';
import { WebPaymentOrder, WebPaymentOrderListQuery, WebPaymentOrderPage, WebPaymentOrderParams } from '#schemas/webpayment-order';
import { getOrder, listOrders } from '../../core/webpayment-orders/use-cases';
import { routeFor } from '../../http/manifest';
import type { WebPaymentOrdersGroupDeps } from './deps';

const route = routeFor<WebPaymentOrdersGroupDeps>();

export const routes = [
  route({
    id: 'webpaymentOrders.list',
    method: 'GET',
    path: '/webpayment-orders',
    roles: ALL_ROLES,
    feature: 'WEBPAYMENTS',
    summary:
      'The merchant’s web payment orders by creation (newest first): date range, type (0 payment, 1 recharge), result (0 waiting, 1 success, 2 error), service',
    request: { query: WebPaymentOrderListQuery },
    response: WebPaymentOrderPage,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listOrders(deps, principal, query),
  }),
  route({
    id: 'webpaymentOrders.get',
    method: 'GET',
    path: '/webpayment-orders/{id}',
    roles: ALL_ROLES,
    feature: 'WEBPAYMENTS',
    summary: 'A web payment order: service, service transaction number, processed, request and response details (card numbers masked), type, result',
    request: { params: WebPaymentOrderParams, query: MerchantScopeQuery },
    response: WebPaymentOrder,
    errors: { 404: ['MerchantNotFoundException', 'WebPaymentOrderNotFoundException'] },
    handler: ({ deps, principal, params, query }) => getOrder(deps, principal, query.merchantId, params.id),
  }),
];
