import { Merchant, MerchantIdParams, MerchantInput, MerchantList, MerchantListQuery } from '../../../schemas/merchant';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/paging';
import { ALL_ROLES, SUPER_ADMIN } from '../../../schemas/roles';
import { createMerchant, getMerchant, listAllMerchants, listMerchantPage, updateMerchant } from '../../core/merchants/use-cases';
import { route } from '../../shared/http/manifest';

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
    handler: ({ deps, params, body }) => updateMerchant(deps, params.id, body),
  }),
];
