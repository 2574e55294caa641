import { Client, ClientInput, ClientListQuery, ClientPage, ClientParams } from '#schemas/client';
import { MerchantIdParams } from '#schemas/merchant-summary';
import { ADMINS, ALL_ROLES } from '#schemas/roles';
import { createClient, deleteClient, getClient, listClients, updateClient } from '../../core/clients/use-cases';
import { routeFor } from '../../http/manifest';
import type { ClientsGroupDeps } from './deps';

const route = routeFor<ClientsGroupDeps>();

export const routes = [
  route({
    id: 'clients.list',
    method: 'GET',
    path: '/merchants/{id}/clients',
    roles: ALL_ROLES,
    summary: 'The merchant’s clients by name, a page',
    request: { params: MerchantIdParams, query: ClientListQuery },
    response: ClientPage,
    handler: ({ deps, principal, params, query }) => listClients(deps, principal, params.id, query),
  }),
  route({
    id: 'clients.create',
    method: 'POST',
    path: '/merchants/{id}/clients',
    roles: ADMINS,
    summary: 'Create a client (VAT, phone, postal code, URL checked); 409 DuplicateClientNameException when the merchant has one of that name',
    request: { params: MerchantIdParams, body: ClientInput },
    response: Client,
    status: 201,
    errors: { 409: ['DuplicateClientNameException'] },
    handler: ({ deps, principal, params, body }) => createClient(deps, principal, params.id, body),
  }),
  route({
    id: 'clients.get',
    method: 'GET',
    path: '/merchants/{id}/clients/{clientId}',
    roles: ALL_ROLES,
    summary: 'One client',
    request: { params: ClientParams },
    response: Client,
    handler: ({ deps, principal, params }) => getClient(deps, principal, params.id, params.clientId),
  }),
  route({
    id: 'clients.update',
    method: 'PUT',
    path: '/merchants/{id}/clients/{clientId}',
    roles: ADMINS,
    summary: 'Replace a client’s fields (same checks as create)',
    request: { params: ClientParams, body: ClientInput },
    response: Client,
    errors: { 409: ['DuplicateClientNameException'] },
    handler: ({ deps, principal, params, body }) => updateClient(deps, principal, params.id, params.clientId, body),
  }),
  route({
    id: 'clients.delete',
    method: 'DELETE',
    path: '/merchants/{id}/clients/{clientId}',
    roles: ADMINS,
    summary: 'Delete a client; 409 ClientInUseException while machines are associated with it',
    request: { params: ClientParams },
    response: null,
    status: 204,
    errors: { 409: ['ClientInUseException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteClient(deps, principal, params.id, params.clientId);
      return null;
    },
  }),
];
