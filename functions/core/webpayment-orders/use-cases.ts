/**
 * A merchant's web payment orders (issue 20 item 6): list and detail, for every role of the merchant with WEBPAYMENTS
 * (the routes' feature, checked by the manifest's feature gate before).
 */
import type { Page } from '#schemas/paging';
import type { WebPaymentOrder, WebPaymentOrderListQuery } from '#schemas/webpayment-order';
import { requireVisibleMerchant } from '../merchants/feature-gate';
import { pageOf } from '../shared/page';
import type { Principal } from '../shared/principal';
import { canonicalInstant } from '../shared/zoned-time';
import { WebPaymentOrderNotFoundException } from './errors';
import type { OrderSelection, WebPaymentOrderRepository } from './ports';

export interface WebPaymentOrderDeps {
  orders: WebPaymentOrderRepository;
}

/** GET /webpayment-orders: a page of the merchant's orders by creation (newest first unless asc). */
export async function listOrders(deps: WebPaymentOrderDeps, principal: Principal, q: WebPaymentOrderListQuery): Promise<Page<WebPaymentOrder>> {
  requireVisibleMerchant(principal, q.merchantId);
  const sel: OrderSelection = { from: canonicalInstant(q.from), to: canonicalInstant(q.to), type: q.type, result: q.result, service: q.service };
  const [slice, total] = await Promise.all([
    deps.orders.listSlice(q.merchantId, { ...sel, offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.orders.count(q.merchantId, sel),
  ]);
  return pageOf(q, slice, total);
}

export async function getOrder(deps: WebPaymentOrderDeps, principal: Principal, merchantId: string, id: string): Promise<WebPaymentOrder> {
  requireVisibleMerchant(principal, merchantId);
  const order = await deps.orders.get(merchantId, id);
  if (!order) throw new WebPaymentOrderNotFoundException();
  return order;
}
