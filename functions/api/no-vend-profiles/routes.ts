import { MerchantIdParams } from '#schemas/merchant-summary';
import { NoVendProfile, NoVendProfileInput, NoVendProfileListQuery, NoVendProfilePage, NoVendProfileParams } from '#schemas/no-vend-profile';
import { ALL_ROLES, NOT_MERCHANT_USER } from '#schemas/roles';
import { createNoVendProfile, deleteNoVendProfile, getNoVendProfile, listNoVendProfiles, updateNoVendProfile } from '../../core/no-vend-profiles/use-cases';
import { routeFor } from '../../http/manifest';
import type { NoVendProfilesGroupDeps } from './deps';

const route = routeFor<NoVendProfilesGroupDeps>();

export const routes = [
  route({
    id: 'noVendProfiles.list',
    method: 'GET',
    path: '/merchants/{id}/no-vend-profiles',
    roles: ALL_ROLES,
    summary: 'The merchant’s no-vend profiles by name, a page',
    request: { params: MerchantIdParams, query: NoVendProfileListQuery },
    response: NoVendProfilePage,
    handler: ({ deps, principal, params, query }) => listNoVendProfiles(deps, principal, params.id, query),
  }),
  route({
    id: 'noVendProfiles.create',
    method: 'POST',
    path: '/merchants/{id}/no-vend-profiles',
    roles: NOT_MERCHANT_USER,
    summary: 'Create a no-vend profile (at most 14 periods, each from < to); 409 DuplicateNoVendProfileNameException when the merchant has one of that name',
    request: { params: MerchantIdParams, body: NoVendProfileInput },
    response: NoVendProfile,
    status: 201,
    errors: { 409: ['DuplicateNoVendProfileNameException'] },
    handler: ({ deps, principal, params, body }) => createNoVendProfile(deps, principal, params.id, body),
  }),
  route({
    id: 'noVendProfiles.get',
    method: 'GET',
    path: '/merchants/{id}/no-vend-profiles/{profileId}',
    roles: ALL_ROLES,
    summary: 'One no-vend profile',
    request: { params: NoVendProfileParams },
    response: NoVendProfile,
    handler: ({ deps, principal, params }) => getNoVendProfile(deps, principal, params.id, params.profileId),
  }),
  route({
    id: 'noVendProfiles.update',
    method: 'PUT',
    path: '/merchants/{id}/no-vend-profiles/{profileId}',
    roles: NOT_MERCHANT_USER,
    summary: 'Replace a no-vend profile’s name, description and periods (same checks as create)',
    request: { params: NoVendProfileParams, body: NoVendProfileInput },
    response: NoVendProfile,
    errors: { 409: ['DuplicateNoVendProfileNameException'] },
    handler: ({ deps, principal, params, body }) => updateNoVendProfile(deps, principal, params.id, params.profileId, body),
  }),
  route({
    id: 'noVendProfiles.delete',
    method: 'DELETE',
    path: '/merchants/{id}/no-vend-profiles/{profileId}',
    roles: NOT_MERCHANT_USER,
    summary: 'Delete a no-vend profile; 409 NoVendProfileInUseException while machines use it',
    request: { params: NoVendProfileParams },
    response: null,
    status: 204,
    errors: { 409: ['NoVendProfileInUseException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteNoVendProfile(deps, principal, params.id, params.profileId);
      return null;
    },
  }),
];
