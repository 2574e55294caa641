/**
 * Web payment services (spec §2 /admin/webpayment-services, §3, §7 /webpaymentconfigs; super admin only) and a
 * merchant's configuration of them. A service's type is fixed once created: the merchant's configurations and the
 * payment service's callback (which names the type) rely on it.
 *
 * - GET /webpayment-services (page by name), POST, GET and PUT /webpayment-services/{serviceId}.
 * - GET /webpaymentconfigs?merchantId=m: the merchant's configurations; PUT and DELETE /webpaymentconfigs/{serviceId}?merchantId=m.
 *   charges are minor units of the merchant's currency added to each payment; Assiopay min and max bound an order's
 *   amount (min ≤ max, else 400 naming assiopayMax).
 * - The payment-service callback of a merchant answers 403 WebPaymentServiceNotConfiguredException unless the merchant
 *   has a configuration of a service of the callback's type.
 */
import * as z from 'zod/mini';
import { wholeNumber } from './machine-prices';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';
import { MAX_ORDER_AMOUNT, WEB_SERVICE_TYPES, WebServiceType } from './webpayment-order';

export { WEB_SERVICE_TYPES };

export const WebPaymentServiceId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid web payment service id'));
export const WebPaymentServiceParams = z.strictObject({ serviceId: WebPaymentServiceId });

export const WebPaymentService = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  type: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebPaymentService = z.infer<typeof WebPaymentService>;

export const WebPaymentServiceUpdate = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100, 'name: at most 100 characters')),
  description: z._default(z.string().check(z.trim(), z.maxLength(500, 'description: at most 500 characters')), ''),
  url: z.url({ protocol: /^https?$/, error: 'url must be an http or https URL' }).check(z.maxLength(300, 'url: at most 300 characters')),
});
export type WebPaymentServiceUpdate = z.infer<typeof WebPaymentServiceUpdate>;

export const WebPaymentServiceCreate = z.strictObject({ ...WebPaymentServiceUpdate.shape, type: WebServiceType });
export type WebPaymentServiceCreate = z.infer<typeof WebPaymentServiceCreate>;

export const WebPaymentServiceListQuery = pageQuery(['name'] as const);
export const WebPaymentServicePage = page(WebPaymentService);

const amount = (what: string) => z._default(z.nullable(wholeNumber(0, MAX_ORDER_AMOUNT, what)), null);

export const WebPaymentConfigInput = z
  .strictObject({
    charges: wholeNumber(0, MAX_ORDER_AMOUNT, 'charges'),
    assiopayMin: amount('assiopayMin'),
    assiopayMax: amount('assiopayMax'),
  })
  .check(
    z.refine((c) => c.assiopayMin === null || c.assiopayMax === null || c.assiopayMin <= c.assiopayMax, {
      message: 'assiopayMax must be at least assiopayMin',
      path: ['assiopayMax'],
    }),
  );
export type WebPaymentConfigInput = z.infer<typeof WebPaymentConfigInput>;

export const WebPaymentConfig = z.object({
  merchantId: z.string(),
  serviceId: z.string(),
  serviceType: z.number(),
  charges: z.number(),
  assiopayMin: z.nullable(z.number()),
  assiopayMax: z.nullable(z.number()),
  updatedAt: z.string(),
});
export type WebPaymentConfig = z.infer<typeof WebPaymentConfig>;
export const WebPaymentConfigs = z.object({ items: z.array(WebPaymentConfig) });

export const WebPaymentConfigQuery = z.strictObject({ merchantId: MerchantId });
