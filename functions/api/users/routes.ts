import * as z from 'zod/mini';
import { MerchantIdParams, MerchantSummaries } from '#schemas/merchant-summary';
import { ADMINS, ALL_ROLES, SUPER_ADMIN } from '#schemas/roles';
import {
  AssociateGroup,
  User,
  UserCreate,
  UserExportQuery,
  UserIdParams,
  UserList,
  UserListQuery,
  UserMe,
  UserMeUpdate,
  UserPage,
  UserUpdate,
} from '#schemas/user';
import { merchantsOf } from '../../core/merchants/use-cases';
import {
  associateGroup,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  listVisibleUsers,
  merchantListScope,
  resendInvitation,
  updateUser,
  usersCsv,
} from '../../core/users/admin';
import { getMe, updateMe } from '../../core/users/use-cases';
import { attachment, routeFor } from '../../http/manifest';
import type { UsersGroupDeps } from './deps';

const route = routeFor<UsersGroupDeps>();

// Literal paths (/users/me, /users/all, /users/csv) are matched before /users/{id}: API Gateway prefers
// them, and so does the local server.
export const routes = [
  route({
    id: 'users.getMe',
    method: 'GET',
    path: '/users/me',
    roles: ALL_ROLES,
    summary: 'The signed-in user: role, language, merchants, groups',
    response: UserMe,
    handler: ({ deps, principal }) => getMe(deps, principal),
  }),
  route({
    id: 'users.updateMe',
    method: 'PUT',
    path: '/users/me',
    roles: ALL_ROLES,
    summary: 'Change the signed-in user’s language or alarm notifications switch (nothing else is theirs to change here)',
    request: { body: UserMeUpdate },
    response: UserMe,
    handler: ({ deps, principal, body }) => updateMe(deps, principal, body),
  }),
  route({
    id: 'users.myMerchants',
    method: 'GET',
    path: '/users/me/merchants',
    roles: ALL_ROLES,
    summary: 'Merchants for the selector; the super admin gets “all distributors” first',
    response: MerchantSummaries,
    handler: ({ deps, principal }) => merchantsOf(deps, principal),
  }),
  route({
    id: 'users.list',
    method: 'GET',
    path: '/users',
    roles: SUPER_ADMIN,
    summary: 'Every user by email, a page; `role` narrows, `search` (≥ 3 letters) matches the start of the email',
    request: { query: UserListQuery },
    response: UserPage,
    handler: ({ deps, principal, query }) => listUsers(deps, principal, { kind: 'all' }, query),
  }),
  route({
    id: 'users.listOfMerchant',
    method: 'GET',
    path: '/merchants/{id}/users',
    roles: ADMINS,
    summary: 'A merchant’s users by email, a page (filters as GET /users); the super admin’s ALL lists every user',
    request: { params: MerchantIdParams, query: UserListQuery },
    response: UserPage,
    handler: async ({ deps, principal, params, query }) => listUsers(deps, principal, await merchantListScope(deps, principal, params.id), query),
  }),
  route({
    id: 'users.all',
    method: 'GET',
    path: '/users/all',
    roles: ADMINS,
    summary: 'Every user the caller sees (optionally of one merchant), by email; more than 5000 → 400 ExportTooLargeException',
    request: { query: UserExportQuery },
    response: UserList,
    errors: { 404: ['MerchantNotFoundException'] },
    handler: ({ deps, principal, query }) => listVisibleUsers(deps, principal, query.merchantId),
  }),
  route({
    id: 'users.csv',
    method: 'GET',
    path: '/users/csv',
    roles: ADMINS,
    summary: 'The users the caller sees (optionally of one merchant) as a CSV download',
    request: { query: UserExportQuery },
    response: z.string(),
    produces: 'text/csv',
    errors: { 404: ['MerchantNotFoundException'] },
    handler: async ({ deps, principal, query }) =>
      attachment(`users${query.merchantId ? `-${query.merchantId}` : ''}.csv`, usersCsv(await listVisibleUsers(deps, principal, query.merchantId), principal)),
  }),
  route({
    id: 'users.get',
    method: 'GET',
    path: '/users/{id}',
    roles: ADMINS,
    summary: 'One user; a user outside the caller’s merchants answers 404',
    request: { params: UserIdParams },
    response: User,
    handler: ({ deps, principal, params }) => getUser(deps, principal, params.id),
  }),
  route({
    id: 'users.create',
    method: 'POST',
    path: '/users',
    roles: ADMINS,
    summary: 'Create the identity (the invitation with a temporary password is emailed) and the user; 409 DuplicateUserException',
    request: { body: UserCreate },
    response: User,
    status: 201,
    errors: { 409: ['DuplicateUserException'], 503: ['IdentityServiceUnavailableException'] },
    handler: ({ deps, principal, body }) => createUser(deps, principal, body),
  }),
  route({
    id: 'users.update',
    method: 'PUT',
    path: '/users/{id}',
    roles: ADMINS,
    summary: 'Replace role, merchants, groups, flags and preferences; a role change updates the identity’s role claim',
    request: { params: UserIdParams, body: UserUpdate },
    response: User,
    errors: { 409: ['UserChangedConcurrentlyException'], 503: ['IdentityServiceUnavailableException'] },
    handler: ({ deps, principal, params, body }) => updateUser(deps, principal, params.id, body),
  }),
  route({
    id: 'users.delete',
    method: 'DELETE',
    path: '/users/{id}',
    roles: ADMINS,
    summary: 'Delete the identity and the user; nobody deletes their own user',
    request: { params: UserIdParams },
    response: null,
    status: 204,
    errors: { 409: ['CannotDeleteOwnUserException'], 503: ['IdentityServiceUnavailableException'] },
    handler: async ({ deps, principal, params }) => {
      await deleteUser(deps, principal, params.id);
      return null;
    },
  }),
  route({
    id: 'users.associateGroup',
    method: 'PUT',
    path: '/users/{id}/associate-group',
    roles: ADMINS,
    summary: 'Give the user one more group of its merchants',
    request: { params: UserIdParams, body: AssociateGroup },
    response: User,
    errors: { 409: ['UserChangedConcurrentlyException'] },
    handler: ({ deps, principal, params, body }) => associateGroup(deps, principal, params.id, body.groupId),
  }),
  route({
    id: 'users.resendInvitation',
    method: 'POST',
    path: '/users/{id}/resend-invitation',
    roles: ADMINS,
    summary: 'Email a new invitation (new temporary password) to a user who never signed in; 409 UserAlreadyActiveException otherwise',
    request: { params: UserIdParams },
    response: null,
    status: 204,
    errors: { 409: ['UserAlreadyActiveException'], 503: ['IdentityServiceUnavailableException'] },
    handler: async ({ deps, principal, params }) => {
      await resendInvitation(deps, principal, params.id);
      return null;
    },
  }),
];
