import * as z from 'zod/mini';
import {
  Customer,
  CustomerConsentsInput,
  CustomerExportQuery,
  CustomerListQuery,
  CustomerMediaAssociation,
  CustomerMediaParams,
  CustomerMedias,
  CustomerPage,
  CustomerParams,
  CustomerTransactionsQuery,
  MAX_EXPORT_CUSTOMERS,
  MerchantScopeQuery,
} from '#schemas/customer';
import { NOT_MERCHANT_USER } from '#schemas/roles';
import { TransactionPage } from '#schemas/transaction';
import {
  associateMedia,
  customerMedias,
  customersCsv,
  customerTransactions,
  dissociateMedia,
  getCustomer,
  listCustomers,
  updateConsents,
} from '../../core/customers/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { CustomersGroupDeps } from './deps';

const route = routeFor<CustomersGroupDeps>();

// The 403 of CUSTOMERS_MEDIA comes with the routes' `feature`.
const MERCHANT = { 404: ['MerchantNotFoundException'] } as const;

// Literal paths (/customers/csv) are matched before parameters, by API Gateway and the local server.
export const routes = [
  route({
    id: 'customers.list',
    method: 'GET',
    path: '/customers',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary:
      'The merchant’s customers by registration (newest first): search (user id, name, email), consent, with or without medias, registration range; each with its medias’ credit and last 30 days',
    request: { query: CustomerListQuery },
    response: CustomerPage,
    errors: MERCHANT,
    handler: ({ deps, principal, query }) => listCustomers(deps, principal, query),
  }),
  route({
    id: 'customers.csv',
    method: 'GET',
    path: '/customers/csv',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: `The list’s selection as CSV; more than ${MAX_EXPORT_CUSTOMERS} → 400 ExportTooLargeException`,
    request: { query: CustomerExportQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: MERCHANT,
    handler: async ({ deps, principal, query }) => attachment(`customers-${query.merchantId}.csv`, await customersCsv(deps, principal, query)),
  }),
  route({
    id: 'customers.get',
    method: 'GET',
    path: '/customers/{id}',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'A customer: registration, last use, medias, credit and last 30 days’ sales and recharges, consents with their dates, masked payment info',
    request: { params: CustomerParams, query: MerchantScopeQuery },
    response: Customer,
    errors: { ...MERCHANT, 404: ['MerchantNotFoundException', 'CustomerNotFoundException'] },
    handler: ({ deps, principal, params, query }) => getCustomer(deps, principal, query.merchantId, params.id),
  }),
  route({
    id: 'customers.medias',
    method: 'GET',
    path: '/customers/{id}/medias',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'The customer’s medias as their records say now, each with its last 30 days',
    request: { params: CustomerParams, query: MerchantScopeQuery },
    response: CustomerMedias,
    errors: { ...MERCHANT, 404: ['MerchantNotFoundException', 'CustomerNotFoundException'] },
    handler: ({ deps, principal, params, query }) => customerMedias(deps, principal, query.merchantId, params.id),
  }),
  route({
    id: 'customers.transactions',
    method: 'GET',
    path: '/customers/{id}/transactions',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'The transactions of the customer’s medias, newest first (a group admin: those at its groups’ machines and the cloud ones)',
    request: { params: CustomerParams, query: CustomerTransactionsQuery },
    response: TransactionPage,
    errors: { ...MERCHANT, 404: ['MerchantNotFoundException', 'CustomerNotFoundException'] },
    handler: ({ deps, principal, params, query }) => customerTransactions(deps, principal, { ...query, id: params.id }),
  }),
  route({
    id: 'customers.privacy',
    method: 'PUT',
    path: '/customers/{id}/privacy',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'Set privacy consents 1–3 (analysis, commercial, quality); a consent’s date changes when it does',
    request: { params: CustomerParams, query: MerchantScopeQuery, body: CustomerConsentsInput },
    response: Customer,
    errors: { ...MERCHANT, 404: ['MerchantNotFoundException', 'CustomerNotFoundException'], 409: ['CustomerChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, query, body }) => updateConsents(deps, principal, query.merchantId, params.id, body),
  }),
  route({
    id: 'customers.associateMedia',
    method: 'POST',
    path: '/customers/{id}/medias',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'Associate a media of the merchant with the customer (its own already: unchanged); another customer’s → 409 MediaAlreadyAssociatedException',
    request: { params: CustomerParams, query: MerchantScopeQuery, body: CustomerMediaAssociation },
    response: Customer,
    errors: {
      ...MERCHANT,
      404: ['MerchantNotFoundException', 'CustomerNotFoundException', 'MediaNotFoundException'],
      409: ['MediaAlreadyAssociatedException', 'TooManyCustomerMediasException'],
    },
    handler: ({ deps, principal, params, query, body }) => associateMedia(deps, principal, query.merchantId, params.id, body.mediaId),
  }),
  route({
    id: 'customers.dissociateMedia',
    method: 'DELETE',
    path: '/customers/{id}/medias/{mediaId}',
    roles: NOT_MERCHANT_USER,
    feature: 'CUSTOMERS_MEDIA',
    summary: 'The media is no longer the customer’s (one not associated with it → 404 MediaNotFoundException)',
    request: { params: CustomerMediaParams, query: MerchantScopeQuery },
    response: Customer,
    errors: { ...MERCHANT, 404: ['MerchantNotFoundException', 'CustomerNotFoundException', 'MediaNotFoundException'] },
    handler: ({ deps, principal, params, query }) => dissociateMedia(deps, principal, query.merchantId, params.id, params.mediaId),
  }),
];
