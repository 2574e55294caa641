import type { Language } from '../../../schemas/collections';
import type { UserMe } from '../../../schemas/user';
import type { Principal } from '../shared/principal';
import { UserNotFoundException } from './errors';
import type { UserRepository } from './ports';
import type { User } from './user';

export interface UserDeps {
  users: UserRepository;
  now: () => string;
}

export function toUserMe(user: User, principal: Principal): UserMe {
  return {
    id: user.id,
    email: user.email,
    role: principal.role,
    language: user.language,
    merchantIds: user.merchantIds,
    groupIds: user.groupIds,
    allowLicensing: user.allowLicensing,
    receiveNotifications: user.receiveNotifications,
  };
}

export async function getMe(deps: UserDeps, principal: Principal): Promise<UserMe> {
  const user = await deps.users.get(principal.userId);
  if (!user) throw new UserNotFoundException();
  return toUserMe(user, principal);
}

export async function updateMyLanguage(deps: UserDeps, principal: Principal, language: Language): Promise<UserMe> {
  const user = await deps.users.setLanguage(principal.userId, language, deps.now());
  return toUserMe(user, principal);
}
