import type { MiddlewareObj } from '@middy/core';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { DynamoMerchantFeatures } from '../adapters/dynamodb/merchant-features';
import { readRegistration } from '../adapters/dynamodb/registrations';
import { API_TOKEN_HEADER } from '#schemas/prices-constants';
import type { ChangeRecorder } from '../core/audit/change-recorder';
import type { FeatureFlag } from '#schemas/features';
import { requireRouteFeature, requireTokenFeature, type FeatureMerchant } from '../core/merchants/feature-gate';
import type { Principal } from '../core/shared/principal';
import type { AuthDeps, PublicDeps } from '../runtime/base-deps';
import type { HttpEvent, HttpResult } from './event';
import type { FeatureMerchantSource, Route } from './manifest';

/** What the gate reads of a request's state (group-handler.ts's RequestState) once it is authorized and validated. */
interface GatedRequest {
  route?: Route;
  principal?: Principal;
  /** The audit trail's recorder of a mutating call: told who a token caller is. */
  changes?: ChangeRecorder;
  params: unknown;
  query: unknown;
  body: unknown;
}

type GateContext = Context & { readonly http: GatedRequest };

/**
 * Where a route finds the merchant its feature is checked for, unless it says (`featureMerchant`): `{id}` of
 * /merchants/{id} and /payment-service/{id}; the machine `{id}` of /pos/{id}…, /remote-commands/pos/{id}… and
 * /erp/pos/{id}…; else `merchantId` of the query.
 */
export function featureMerchantSource(route: Pick<Route, 'path' | 'featureMerchant'>): FeatureMerchantSource {
  if (route.featureMerchant) return route.featureMerchant;
  if (/^\/(merchants|payment-service)\/\{id\}/.test(route.path)) return 'path';
  if (/^(\/remote-commands|\/erp)?\/pos\/\{id\}/.test(route.path)) return 'machine';
  return 'query';
}

/** The feature a request needs: the route's, or the one its body's field value needs (`featureByBody`). */
export function featureOf(route: Pick<Route, 'feature' | 'featureByBody'>, body: unknown): FeatureFlag | undefined {
  if (route.feature || !route.featureByBody) return route.feature;
  const value = (body as Record<string, unknown> | undefined)?.[route.featureByBody.field];
  return typeof value === 'string' || typeof value === 'number' ? route.featureByBody.features[String(value)] : undefined;
}

const field = (value: unknown, name: string): string | undefined => {
  const v = (value as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

function merchantOf(route: Route, request: GatedRequest): FeatureMerchant | undefined {
  const { params, query, body, principal } = request;
  const source = featureMerchantSource(route);
  if (source === 'machine') {
    const serial = field(params, 'id') ?? field(body, 'serial');
    return serial ? { serial } : undefined;
  }
  const merchantId = source === 'path' ? field(params, 'id') : field(source === 'body' ? body : query, 'merchantId');
  // A caller of one merchant may leave it out where the route allows it: then it acts inside that one.
  if (merchantId) return { merchantId };
  return principal?.merchantIds.length === 1 ? { merchantId: principal.merchantIds[0]! } : undefined;
}

/**
 * The manifest's `feature` (DESIGN.md §3; or `featureByBody`): a merchant without it answers the feature's coded 403
 * (naming it) before the handler runs, for every role, the super admin included, and for a public route's caller with
 * the merchant's API token (`tokenCaller`). Runs after authorization and validation.
 */
export function featureGate(
  deps: () => PublicDeps & Partial<AuthDeps> & { doc?: DynamoDBDocumentClient },
): MiddlewareObj<HttpEvent, HttpResult, Error, GateContext> {
  let gateDeps: Parameters<typeof requireTokenFeature>[0] | undefined;
  const gateDepsOf = () => {
    if (gateDeps) return gateDeps;
    const { doc, config } = deps();
    if (!doc) throw new Error('a route with a feature needs its group deps to have the table client');
    gateDeps = {
      merchants: new DynamoMerchantFeatures(doc, config.tableName),
      pos: { registration: (serial) => readRegistration(doc, config.tableName, serial) },
    };
    return gateDeps;
  };
  return {
    before: async (request) => {
      const state = request.context.http;
      const route = state.route;
      const feature = route && featureOf(route, state.body);
      if (!route || !feature) return;
      const at = merchantOf(route, state);
      if (!at) return;
      if (state.principal) return requireRouteFeature(gateDepsOf(), state.principal, at, feature);
      const caller = route.tokenCaller;
      if (caller)
        await requireTokenFeature(gateDepsOf(), request.event.headers[API_TOKEN_HEADER], at, feature, (merchantId) => {
          if (!state.changes) return;
          state.changes.actor = caller;
          state.changes.merchantId = merchantId;
        });
    },
  };
}
