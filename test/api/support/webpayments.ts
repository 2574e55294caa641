/** Web payment configurations in API tests: a merchant whose callbacks the payment service makes needs its services configured. */
import { expect } from 'vitest';
import { DEMO_WEBPAYMENT_SERVICES } from '../../../infra/local/demo-catalogue';
import { api } from './http';

/** Configures the demo's services (one per type, or those of `types`) for the merchant. */
export async function configureWebPayments(superAdmin: string, merchantId: string, types: readonly number[] = [0, 1, 2, 3, 4]) {
  for (const service of DEMO_WEBPAYMENT_SERVICES.filter((s) => types.includes(s.type))) {
    const saved = await api(`/webpaymentconfigs/${service.id}?merchantId=${merchantId}`, { method: 'PUT', token: superAdmin, body: { charges: 0 } });
    expect(saved.status, saved.text).toBe(200);
  }
}
