import { MerchantIdParams } from '#schemas/merchant-summary';
import {
  HistoricalDataCreate,
  HistoricalDataListQuery,
  HistoricalDataPage,
  HistoricalDataParams,
  HistoricalDataRequest,
  MAX_ACTIVE_DATA_REQUESTS,
  MAX_SUBSCRIPTIONS,
  Subscription,
  SubscriptionCreate,
  SubscriptionList,
  SubscriptionParams,
} from '#schemas/historical-data';
import { ADMINS } from '#schemas/roles';
import { createDataRequest, deleteDataRequest, downloadTarget, getDataRequest, listDataRequests, retryDataRequest } from '../../core/historical-data/requests';
import { createSubscription, deleteSubscription, listSubscriptions } from '../../core/historical-data/subscriptions';
import { redirect, routeFor } from '../../http/manifest';
import type { HistoricalDataGroupDeps } from './deps';

const route = routeFor<HistoricalDataGroupDeps>();

const MERCHANT_404 = ['MerchantNotFoundException'];
const REQUEST_404 = ['MerchantNotFoundException', 'HistoricalDataRequestNotFoundException'];

export const routes = [
  route({
    id: 'historicalData.list',
    method: 'GET',
    path: '/merchants/{id}/historicaldata',
    roles: ADMINS,
    summary: 'A merchant’s historical data requests, newest first, a page; filters status, dataType (a Completed one past its link validity is Expired)',
    request: { params: MerchantIdParams, query: HistoricalDataListQuery },
    response: HistoricalDataPage,
    errors: { 404: MERCHANT_404 },
    handler: ({ deps, principal, params, query }) => listDataRequests(deps, principal, params.id, query),
  }),
  route({
    id: 'historicalData.create',
    method: 'POST',
    path: '/merchants/{id}/historicaldata',
    roles: ADMINS,
    summary: `Request a data type of a date range (both days included, at most 366, in the merchant’s time zone); its export starts at once. 409 TooManyActiveDataRequestsException past ${MAX_ACTIVE_DATA_REQUESTS} in status Created`,
    request: { params: MerchantIdParams, body: HistoricalDataCreate },
    response: HistoricalDataRequest,
    status: 201,
    errors: { 404: MERCHANT_404, 409: ['TooManyActiveDataRequestsException'] },
    handler: ({ deps, principal, params, body }) => createDataRequest(deps, principal, params.id, body),
  }),
  route({
    id: 'historicalData.get',
    method: 'GET',
    path: '/merchants/{id}/historicaldata/{requestId}',
    roles: ADMINS,
    summary: 'One historical data request',
    request: { params: HistoricalDataParams },
    response: HistoricalDataRequest,
    errors: { 404: REQUEST_404 },
    handler: ({ deps, principal, params }) => getDataRequest(deps, principal, params.id, params.requestId),
  }),
  route({
    id: 'historicalData.delete',
    method: 'DELETE',
    path: '/merchants/{id}/historicaldata/{requestId}',
    roles: ADMINS,
    summary: 'Delete a historical data request and its file',
    request: { params: HistoricalDataParams },
    response: null,
    status: 204,
    errors: { 404: REQUEST_404 },
    handler: async ({ deps, principal, params }) => deleteDataRequest(deps, principal, params.id, params.requestId),
  }),
  route({
    id: 'historicalData.retry',
    method: 'POST',
    path: '/merchants/{id}/historicaldata/{requestId}/retry',
    roles: ADMINS,
    summary:
      'Run a failed request again (status Created, attempts + 1, a new file); 409 DataRequestNotRetryableException unless it is in Error, TooManyActiveDataRequestsException past the active maximum',
    request: { params: HistoricalDataParams },
    response: HistoricalDataRequest,
    status: 202,
    errors: { 404: REQUEST_404, 409: ['DataRequestNotRetryableException', 'TooManyActiveDataRequestsException'] },
    handler: ({ deps, principal, params }) => retryDataRequest(deps, principal, params.id, params.requestId),
  }),
  route({
    id: 'historicalData.download',
    method: 'GET',
    path: '/merchants/{id}/historicaldata/{requestId}/download',
    roles: ADMINS,
    summary:
      'Redirect (302) to the CSV file: a link valid at most 5 minutes and never past the request’s link validity; 409 DataRequestNotReadyException before it is Completed, 410 DataRequestExpiredException once Expired',
    request: { params: HistoricalDataParams },
    response: null,
    status: 302,
    errors: { 404: REQUEST_404, 409: ['DataRequestNotReadyException'], 410: ['DataRequestExpiredException'] },
    handler: async ({ deps, principal, params }) => redirect(await downloadTarget(deps, principal, params.id, params.requestId)),
  }),
  route({
    id: 'historicalData.subscriptions',
    method: 'GET',
    path: '/merchants/{id}/historicaldata-subscriptions',
    roles: ADMINS,
    summary: 'A merchant’s scheduled exports (subscriptions) with their next and last run',
    request: { params: MerchantIdParams },
    response: SubscriptionList,
    errors: { 404: MERCHANT_404 },
    handler: ({ deps, principal, params }) => listSubscriptions(deps, principal, params.id),
  }),
  route({
    id: 'historicalData.subscribe',
    method: 'POST',
    path: '/merchants/{id}/historicaldata-subscriptions',
    roles: ADMINS,
    summary: `Subscribe a data type daily, weekly or monthly: each run requests the period just ended in the merchant’s time zone. 409 TooManySubscriptionsException past ${MAX_SUBSCRIPTIONS}`,
    request: { params: MerchantIdParams, body: SubscriptionCreate },
    response: Subscription,
    status: 201,
    errors: { 404: MERCHANT_404, 409: ['TooManySubscriptionsException'] },
    handler: ({ deps, principal, params, body }) => createSubscription(deps, principal, params.id, body),
  }),
  route({
    id: 'historicalData.unsubscribe',
    method: 'DELETE',
    path: '/merchants/{id}/historicaldata-subscriptions/{subscriptionId}',
    roles: ADMINS,
    summary: 'Delete a scheduled export (requests it made stay)',
    request: { params: SubscriptionParams },
    response: null,
    status: 204,
    errors: { 404: ['MerchantNotFoundException', 'SubscriptionNotFoundException'] },
    handler: async ({ deps, principal, params }) => deleteSubscription(deps, principal, params.id, params.subscriptionId),
  }),
];
