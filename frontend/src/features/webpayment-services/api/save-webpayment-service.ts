import { mutate } from 'swr';
import { WebPaymentService, type WebPaymentServiceCreate, type WebPaymentServiceUpdate } from '#schemas/webpayment-service';
import { apiRequest } from '../../../lib/api';
import { webPaymentServiceKey } from './get-webpayment-service';
import { revalidateWebPaymentServiceLists, WEBPAYMENT_SERVICES_PATH } from './get-webpayment-service-page';

async function stored(service: WebPaymentService): Promise<WebPaymentService> {
  await mutate(webPaymentServiceKey(service.id), service, { revalidate: false });
  void revalidateWebPaymentServiceLists();
  return service;
}

/** POST /webpayment-services → 201. */
export async function createWebPaymentService(input: WebPaymentServiceCreate): Promise<WebPaymentService> {
  return stored(await apiRequest(WEBPAYMENT_SERVICES_PATH, { method: 'POST', body: input, schema: WebPaymentService }));
}

/** PUT /webpayment-services/{serviceId}: name, description, url (the type stays). */
export async function updateWebPaymentService(id: string, input: WebPaymentServiceUpdate): Promise<WebPaymentService> {
  return stored(await apiRequest(webPaymentServiceKey(id), { method: 'PUT', body: input, schema: WebPaymentService }));
}
