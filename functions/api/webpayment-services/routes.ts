import { SUPER_ADMIN } from '#schemas/roles';
import {
  WebPaymentConfig,
  WebPaymentConfigInput,
  WebPaymentConfigQuery,
  WebPaymentConfigs,
  WebPaymentService,
  WebPaymentServiceCreate,
  WebPaymentServiceListQuery,
  WebPaymentServicePage,
  WebPaymentServiceParams,
  WebPaymentServiceUpdate,
} from '#schemas/webpayment-service';
import {
  createWebPaymentService,
  deleteWebPaymentConfig,
  getWebPaymentService,
  listWebPaymentConfigs,
  listWebPaymentServices,
  saveWebPaymentConfig,
  updateWebPaymentService,
} from '../../core/webpayment-services/use-cases';
import { routeFor } from '../../http/manifest';
import type { WebPaymentServicesGroupDeps } from './deps';

const route = routeFor<WebPaymentServicesGroupDeps>();

/** Web payment services and merchants' configurations of them (spec §2 /admin/webpayment-services, §7): super admin only (spec §6: merchant services). */
export const routes = [
  route({
    id: 'webpaymentServices.list',
    method: 'GET',
    path: '/webpayment-services',
    roles: SUPER_ADMIN,
    summary: 'Web payment services by name, a page',
    request: { query: WebPaymentServiceListQuery },
    response: WebPaymentServicePage,
    handler: ({ deps, query }) => listWebPaymentServices(deps, query),
  }),
  route({
    id: 'webpaymentServices.create',
    method: 'POST',
    path: '/webpayment-services',
    roles: SUPER_ADMIN,
    summary: 'Create a web payment service: name, description, url (http or https), type (0 Nexi, 1 PayPal, 2 Satispay, 3 Assiopay, 4 Vendon Gateway)',
    request: { body: WebPaymentServiceCreate },
    response: WebPaymentService,
    status: 201,
    handler: ({ deps, body }) => createWebPaymentService(deps, body),
  }),
  route({
    id: 'webpaymentServices.get',
    method: 'GET',
    path: '/webpayment-services/{serviceId}',
    roles: SUPER_ADMIN,
    summary: 'One web payment service',
    request: { params: WebPaymentServiceParams },
    response: WebPaymentService,
    errors: { 404: ['WebPaymentServiceNotFoundException'] },
    handler: ({ deps, params }) => getWebPaymentService(deps, params.serviceId),
  }),
  route({
    id: 'webpaymentServices.update',
    method: 'PUT',
    path: '/webpayment-services/{serviceId}',
    roles: SUPER_ADMIN,
    summary: 'Replace a web payment service’s name, description and url; its type stays',
    request: { params: WebPaymentServiceParams, body: WebPaymentServiceUpdate },
    response: WebPaymentService,
    errors: { 404: ['WebPaymentServiceNotFoundException'], 409: ['WebPaymentServiceChangedConcurrentlyException'] },
    handler: ({ deps, params, body }) => updateWebPaymentService(deps, params.serviceId, body),
  }),
  route({
    id: 'webpaymentConfigs.list',
    method: 'GET',
    path: '/webpaymentconfigs',
    roles: SUPER_ADMIN,
    summary: 'A merchant’s web payment configurations, one per configured service',
    request: { query: WebPaymentConfigQuery },
    response: WebPaymentConfigs,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, query }) => listWebPaymentConfigs(deps, query.merchantId),
  }),
  route({
    id: 'webpaymentConfigs.save',
    method: 'PUT',
    path: '/webpaymentconfigs/{serviceId}',
    roles: SUPER_ADMIN,
    summary:
      'Create or replace a merchant’s configuration of a service: charges (minor units added to each payment), Assiopay min and max order amounts (min ≤ max, else 400 on assiopayMax)',
    request: { params: WebPaymentServiceParams, query: WebPaymentConfigQuery, body: WebPaymentConfigInput },
    response: WebPaymentConfig,
    errors: { 404: ['MerchantNotFoundException', 'WebPaymentServiceNotFoundException'] },
    handler: ({ deps, params, query, body }) => saveWebPaymentConfig(deps, query.merchantId, params.serviceId, body),
  }),
  route({
    id: 'webpaymentConfigs.delete',
    method: 'DELETE',
    path: '/webpaymentconfigs/{serviceId}',
    roles: SUPER_ADMIN,
    summary: 'Remove a merchant’s configuration of a service: the payment service’s callbacks of its type are refused from then on',
    request: { params: WebPaymentServiceParams, query: WebPaymentConfigQuery },
    response: null,
    status: 204,
    errors: { 404: ['WebPaymentConfigNotFoundException'] },
    handler: async ({ deps, params, query }) => {
      await deleteWebPaymentConfig(deps, query.merchantId, params.serviceId);
      return null;
    },
  }),
];
