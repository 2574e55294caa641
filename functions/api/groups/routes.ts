import { Group, GroupInput, GroupListQuery, GroupPage, GroupParams } from '#schemas/group';
import { MerchantIdParams } from '#schemas/merchant-summary';
import { ADMINS, NOT_MERCHANT_USER } from '#schemas/roles';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from '../../core/groups/use-cases';
import { routeFor } from '../../http/manifest';
import type { GroupsGroupDeps } from './deps';

const route = routeFor<GroupsGroupDeps>();

export const routes = [
  route({
    id: 'groups.list',
    method: 'GET',
    path: '/merchants/{id}/groups',
    roles: NOT_MERCHANT_USER,
    summary: 'The merchant’s groups by name, a page; a group admin sees only its own groups',
    request: { params: MerchantIdParams, query: GroupListQuery },
    response: GroupPage,
    handler: ({ deps, principal, params, query }) => listGroups(deps, principal, params.id, query),
  }),
  route({
    id: 'groups.create',
    method: 'POST',
    path: '/merchants/{id}/groups',
    roles: ADMINS,
    summary: 'Create a group; 409 DuplicateGroupNameException when the merchant has one of that name (case-insensitive)',
    request: { params: MerchantIdParams, body: GroupInput },
    response: Group,
    status: 201,
    errors: { 409: ['DuplicateGroupNameException'] },
    handler: ({ deps, principal, params, body }) => createGroup(deps, principal, params.id, body),
  }),
  route({
    id: 'groups.get',
    method: 'GET',
    path: '/merchants/{id}/groups/{groupId}',
    roles: NOT_MERCHANT_USER,
    summary: 'One group; a group admin gets 404 for groups that are not its own',
    request: { params: GroupParams },
    response: Group,
    handler: ({ deps, principal, params }) => getGroup(deps, principal, params.id, params.groupId),
  }),
  route({
    id: 'groups.update',
    method: 'PUT',
    path: '/merchants/{id}/groups/{groupId}',
    roles: ADMINS,
    summary: 'Rename or describe a group',
    request: { params: GroupParams, body: GroupInput },
    response: Group,
    errors: { 409: ['DuplicateGroupNameException'] },
    handler: ({ deps, principal, params, body }) => updateGroup(deps, principal, params.id, params.groupId, body),
  }),
  route({
    id: 'groups.delete',
    method: 'DELETE',
    path: '/merchants/{id}/groups/{groupId}',
    roles: ADMINS,
    summary: 'Delete a group; 409 GroupInUseException while a user still has it',
    request: { params: GroupParams },
    response: null,
    status: 204,
    errors: { 409: ['GroupInUseException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteGroup(deps, principal, params.id, params.groupId);
      return null;
    },
  }),
];
