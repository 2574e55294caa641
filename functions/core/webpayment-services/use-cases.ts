/** Web payment services and merchants' configurations of them (spec §2 /admin/webpayment-services; super admin only, which the routes enforce). */
import type { Page } from '#schemas/paging';
import type { WebPaymentConfig, WebPaymentConfigInput, WebPaymentService, WebPaymentServiceCreate, WebPaymentServiceUpdate } from '#schemas/webpayment-service';
import { recordChange } from '../audit/change-recorder';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { pageOf } from '../shared/page';
import { WebPaymentConfigNotFoundException, WebPaymentServiceNotFoundException } from './errors';
import type { WebPaymentConfigRepository, WebPaymentServiceRepository } from './ports';

export interface WebPaymentServiceDeps {
  services: WebPaymentServiceRepository;
  configs: WebPaymentConfigRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  newId: () => string;
  now: () => string;
}

const later = (now: string, previous: string) => (now > previous ? now : new Date(Date.parse(previous) + 1).toISOString());

export async function listWebPaymentServices(
  deps: Pick<WebPaymentServiceDeps, 'services'>,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<WebPaymentService>> {
  const [slice, total] = await Promise.all([
    deps.services.listSlice({ offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.services.count(),
  ]);
  return pageOf(q, slice, total);
}

export async function getWebPaymentService(deps: Pick<WebPaymentServiceDeps, 'services'>, id: string): Promise<WebPaymentService> {
  const service = await deps.services.get(id);
  if (!service) throw new WebPaymentServiceNotFoundException();
  return service;
}

export async function createWebPaymentService(deps: WebPaymentServiceDeps, input: WebPaymentServiceCreate): Promise<WebPaymentService> {
  const now = deps.now();
  const service: WebPaymentService = { id: deps.newId(), ...input, createdAt: now, updatedAt: now };
  await deps.services.create(service);
  recordChange('webpaymentService', service.id, undefined, service);
  return service;
}

/** Name, description and url; the type stays (configurations and the callback rely on it). */
export async function updateWebPaymentService(deps: WebPaymentServiceDeps, id: string, input: WebPaymentServiceUpdate): Promise<WebPaymentService> {
  const current = await getWebPaymentService(deps, id);
  const next: WebPaymentService = { ...current, ...input, updatedAt: later(deps.now(), current.updatedAt) };
  await deps.services.update(next, current.updatedAt);
  recordChange('webpaymentService', id, current, next);
  return next;
}

async function requireMerchant(deps: Pick<WebPaymentServiceDeps, 'merchants'>, merchantId: string): Promise<void> {
  if (!(await deps.merchants.get(merchantId))) throw new MerchantNotFoundException();
}

export async function listWebPaymentConfigs(deps: WebPaymentServiceDeps, merchantId: string): Promise<{ items: WebPaymentConfig[] }> {
  await requireMerchant(deps, merchantId);
  return { items: await deps.configs.list(merchantId) };
}

/** Creates or replaces the merchant's configuration of a service. */
export async function saveWebPaymentConfig(
  deps: WebPaymentServiceDeps,
  merchantId: string,
  serviceId: string,
  input: WebPaymentConfigInput,
): Promise<WebPaymentConfig> {
  const [service, current] = await Promise.all([
    getWebPaymentService(deps, serviceId),
    deps.configs.get(merchantId, serviceId),
    requireMerchant(deps, merchantId),
  ]);
  const next: WebPaymentConfig = { merchantId, serviceId, serviceType: service.type, ...input, updatedAt: deps.now() };
  await deps.configs.put(next);
  recordChange('webpaymentConfig', serviceId, current, next);
  return next;
}

export async function deleteWebPaymentConfig(deps: WebPaymentServiceDeps, merchantId: string, serviceId: string): Promise<void> {
  const current = await deps.configs.get(merchantId, serviceId);
  if (!current) throw new WebPaymentConfigNotFoundException();
  await deps.configs.delete(merchantId, serviceId);
  recordChange('webpaymentConfig', serviceId, current, undefined);
}
