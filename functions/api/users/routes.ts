import { MerchantSummaries } from '../../../schemas/merchant';
import { ALL_ROLES } from '../../../schemas/roles';
import { UserMe, UserMeUpdate } from '../../../schemas/user';
import { merchantsOf } from '../../core/merchants/use-cases';
import { getMe, updateMyLanguage } from '../../core/users/use-cases';
import { route } from '../../shared/http/manifest';

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
    summary: 'Change the signed-in user’s language (nothing else is theirs to change here)',
    request: { body: UserMeUpdate },
    response: UserMe,
    handler: ({ deps, principal, body }) => updateMyLanguage(deps, principal, body.language),
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
];
