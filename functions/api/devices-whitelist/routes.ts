import {
  DevicesWhitelistEntries,
  DevicesWhitelistEntry,
  DevicesWhitelistInput,
  DevicesWhitelistParams,
  DevicesWhitelistQuery,
} from '#schemas/devices-whitelist';
import { ADMINS } from '#schemas/roles';
import { addToWhitelist, checkWhitelisted, listWhitelist, removeFromWhitelist } from '../../core/devices-whitelist/use-cases';
import { routeFor } from '../../http/manifest';
import type { DevicesWhitelistGroupDeps } from './deps';

const route = routeFor<DevicesWhitelistGroupDeps>();

/**
 * The devices (enrolment) whitelist, one implementation for the screen configurations' whitelist (spec §2
 * /manage/screen-configuration-whitelist and its create screen: super admin and merchant admin) and §7 /devices-whitelist.
 */
export const routes = [
  route({
    id: 'devicesWhitelist.list',
    method: 'GET',
    path: '/devices-whitelist',
    roles: ADMINS,
    summary:
      'The merchant’s whitelisted devices by serial (at most 500), each with its expiry and whether it has passed; and the expiry in days new entries get',
    request: { query: DevicesWhitelistQuery },
    response: DevicesWhitelistEntries,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listWhitelist(deps, principal, query.merchantId),
  }),
  route({
    id: 'devicesWhitelist.add',
    method: 'POST',
    path: '/devices-whitelist',
    roles: ADMINS,
    summary:
      'Whitelist a device (serial like CENG-00000001) until the merchant’s expiry (super-admin setting "screen configuration whitelist expiry", days) from now; adding it again renews it',
    request: { query: DevicesWhitelistQuery, body: DevicesWhitelistInput },
    response: DevicesWhitelistEntry,
    status: 201,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query, body }) => addToWhitelist(deps, principal, query.merchantId, body),
  }),
  route({
    id: 'devicesWhitelist.check',
    method: 'GET',
    path: '/devices-whitelist/{serial}',
    roles: ADMINS,
    summary: 'Whether the device may enrol: its entry while valid; an expired entry → 410 DevicesWhitelistEntryExpiredException; none → 404',
    request: { params: DevicesWhitelistParams, query: DevicesWhitelistQuery },
    response: DevicesWhitelistEntry,
    errors: { 404: ['MerchantNotFoundException', 'DevicesWhitelistEntryNotFoundException'], 410: ['DevicesWhitelistEntryExpiredException'] },
    handler: ({ deps, principal, params, query }) => checkWhitelisted(deps, principal, query.merchantId, params.serial),
  }),
  route({
    id: 'devicesWhitelist.remove',
    method: 'DELETE',
    path: '/devices-whitelist/{serial}',
    roles: ADMINS,
    summary: 'Remove a device from the whitelist',
    request: { params: DevicesWhitelistParams, query: DevicesWhitelistQuery },
    response: null,
    status: 204,
    errors: { 404: ['MerchantNotFoundException', 'DevicesWhitelistEntryNotFoundException'] },
    handler: async ({ deps, principal, params, query }) => {
      await removeFromWhitelist(deps, principal, query.merchantId, params.serial);
      return null;
    },
  }),
];
