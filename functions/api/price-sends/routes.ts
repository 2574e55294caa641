import { PosParams } from '#schemas/pos-entity';
import { API_TOKEN_HEADER, ErpHeaders, ErpPricesResult, ErpPricesSave, PosPrices, PricesSend } from '#schemas/machine-prices';
import { NOT_MERCHANT_USER } from '#schemas/roles';
import { erpSavePrices } from '../../core/prices/erp';
import { sendPrices } from '../../core/prices/use-cases';
import { routeFor } from '../../http/manifest';
import type { PriceSendsGroupDeps } from './deps';

const route = routeFor<PriceSendsGroupDeps>();

/** What sends a machine its prices (remote command 12): the console's send and the merchant ERP's save (schemas/prices.ts). */
export const routes = [
  route({
    id: 'prices.send',
    method: 'POST',
    path: '/pos/{id}/prices/send',
    roles: NOT_MERCHANT_USER,
    feature: 'NEBULAR_VENDING',
    summary:
      'Send the saved prices to the machine (remote command 12). 409 SavePricesBeforeSendingException when the version or the prices shown are not the saved ones; 413 MessageTooLargeException over 64 KB',
    request: { params: PosParams, body: PricesSend },
    response: PosPrices,
    errors: {
      409: ['SavePricesBeforeSendingException', 'RemoteCommandPendingException'],
      413: ['MessageTooLargeException'],
      503: ['RemoteCommandSendException'],
    },
    handler: ({ deps, principal, params, body }) => sendPrices(deps, principal, params.id, body),
  }),
  route({
    id: 'prices.erpSave',
    method: 'PUT',
    path: '/erp/pos/{id}/prices',
    roles: 'public',
    tokenCaller: 'apiToken',
    feature: 'NEBULAR_VENDING',
    summary: `For the merchant’s ERP, authenticated by the merchant’s API token in ${API_TOKEN_HEADER} (not a console sign-in; 401 otherwise): save the machine’s prices “via ERP API” and, with prices sync IMMEDIATE, send them`,
    request: { params: PosParams, body: ErpPricesSave, headers: ErpHeaders },
    response: ErpPricesResult,
    errors: {
      401: ['UnauthorizedException'],
      403: ['ErpApiNotEnabledException'],
      409: ['PricesChangedConcurrentlyException', 'PosWithoutPlanogramException'],
      413: ['MessageTooLargeException'],
      503: ['RemoteCommandSendException'],
    },
    handler: ({ deps, params, body, headers }) => erpSavePrices(deps, headers[API_TOKEN_HEADER], params.id, body),
  }),
];
