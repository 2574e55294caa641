import { Merchant, MerchantIdParams, MerchantInput, MerchantList, MerchantListQuery } from '#schemas/merchant';
import { DEFAULT_PAGE_SIZE } from '#schemas/paging';
import { MerchantSettings, MerchantSettingsInput, RegeneratedApiToken, SuperAdminSettings, SuperAdminSettingsInput } from '#schemas/merchant-settings';
import { ADMINS, ALL_ROLES, SUPER_ADMIN } from '#schemas/roles';
import { createMerchant, getMerchant, listAllMerchants, listMerchantPage, updateMerchant } from '../../core/merchants/use-cases';
import { getMerchantSettings, getSuperAdminSettings, regenerateApiToken, saveMerchantSettings, saveSuperAdminSettings } from '../../core/merchants/settings';
import { routeFor } from '../../http/manifest';
import type { MerchantsGroupDeps } from './deps';

const route = routeFor<MerchantsGroupDeps>();

export const routes = [
  route({
    id: 'merchants.list',
    method: 'GET',
    path: '/merchants',
    roles: SUPER_ADMIN,
    summary: 'Merchants by name (case-insensitive): a page when page or size is given, otherwise all of them',
    request: { query: MerchantListQuery },
    response: MerchantList,
    handler: ({ deps, query }) =>
      query.page === undefined && query.size === undefined
        ? listAllMerchants(deps)
        : listMerchantPage(deps, { page: query.page ?? 1, size: query.size ?? DEFAULT_PAGE_SIZE, ordType: query.ordType ?? 'asc', cursor: query.cursor }),
  }),
  route({
    id: 'merchants.get',
    method: 'GET',
    path: '/merchants/{id}',
    roles: ALL_ROLES,
    summary: 'One merchant; another merchant’s id answers 404',
    request: { params: MerchantIdParams },
    response: Merchant,
    handler: ({ deps, principal, params }) => getMerchant(deps, principal, params.id),
  }),
  route({
    id: 'merchants.create',
    method: 'POST',
    path: '/merchants',
    roles: SUPER_ADMIN,
    summary: 'Create a merchant; 409 DuplicateMerchantNameException when the name is taken',
    request: { body: MerchantInput },
    response: Merchant,
    status: 201,
    errors: { 409: ['DuplicateMerchantNameException'] },
    handler: ({ deps, body }) => createMerchant(deps, body),
  }),
  route({
    id: 'merchants.update',
    method: 'PUT',
    path: '/merchants/{id}',
    roles: SUPER_ADMIN,
    summary: 'Replace a merchant’s editable fields',
    request: { params: MerchantIdParams, body: MerchantInput },
    response: Merchant,
    errors: { 409: ['DuplicateMerchantNameException'] },
    handler: ({ deps, params, body }) => updateMerchant(deps, params.id, body),
  }),
  route({
    id: 'merchants.getSettings',
    method: 'GET',
    path: '/merchants/{id}/settings',
    roles: ADMINS,
    summary: 'Merchant settings (defaults until first saved); whether an API token was issued, never the token',
    request: { params: MerchantIdParams },
    response: MerchantSettings,
    handler: ({ deps, principal, params }) => getMerchantSettings(deps, principal, params.id),
  }),
  route({
    id: 'merchants.saveSettings',
    method: 'PUT',
    path: '/merchants/{id}/settings',
    roles: ADMINS,
    summary: 'Save merchant settings (device-association PIN of 8 digits, refunds, frequencies, prices sync)',
    request: { params: MerchantIdParams, body: MerchantSettingsInput },
    response: MerchantSettings,
    errors: { 409: ['DuplicateDevicePinException', 'SettingsChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => saveMerchantSettings(deps, principal, params.id, body),
  }),
  route({
    id: 'merchants.regenerateApiToken',
    method: 'POST',
    path: '/merchants/{id}/settings/api-token',
    roles: ADMINS,
    summary:
      'Issue a new API token for the merchant’s ERP and payment service; the previous one stops working. Only its hash is stored: this answer is the one time it is shown',
    request: { params: MerchantIdParams },
    response: RegeneratedApiToken,
    errors: { 409: ['SettingsChangedConcurrentlyException'] },
    handler: ({ deps, principal, params }) => regenerateApiToken(deps, principal, params.id),
  }),
  route({
    id: 'merchants.getSuperAdminSettings',
    method: 'GET',
    path: '/merchants/{id}/super-admin-settings',
    roles: SUPER_ADMIN,
    summary: 'Settings only the super admin sees (demo, SAP code, portals, services)',
    request: { params: MerchantIdParams },
    response: SuperAdminSettings,
    handler: ({ deps, principal, params }) => getSuperAdminSettings(deps, principal, params.id),
  }),
  route({
    id: 'merchants.saveSuperAdminSettings',
    method: 'PUT',
    path: '/merchants/{id}/super-admin-settings',
    roles: SUPER_ADMIN,
    summary: 'Save the super-admin settings; a demo needs an expiry date',
    request: { params: MerchantIdParams, body: SuperAdminSettingsInput },
    response: SuperAdminSettings,
    handler: ({ deps, principal, params, body }) => saveSuperAdminSettings(deps, principal, params.id, body),
  }),
];
