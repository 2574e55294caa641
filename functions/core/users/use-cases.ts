import type { Language } from '#schemas/collections';
import type { UserMe } from '#schemas/user';
import type { Principal } from '../shared/principal';
import { UserChangedConcurrentlyException, UserNotFoundException } from './errors';
import type { UserRepository } from './ports';
import { offReason, type User } from './user';

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
    notificationsOffReason: offReason(user),
  };
}

export async function getMe(deps: UserDeps, principal: Principal): Promise<UserMe> {
  const user = await deps.users.get(principal.userId);
  if (!user) throw new UserNotFoundException();
  return toUserMe(user, principal);
}

/**
 * Attempts of one PUT /users/me against other writes of the same user landing in between (two tabs saving, an
 * admin editing the user): each attempt reads the user again, so at least one concurrent writer wins a round.
 */
const OWN_LANGUAGE_ATTEMPTS = 25;

/**
 * The user's own language and notifications switch, written on the latest record: a concurrent change of the user is read again and the
 * write retried (the last write wins, the other fields are kept as the other write left them), so saving one's
 * own profile never answers a conflict; saving the language already stored writes nothing.
 */
export async function updateMe(deps: UserDeps, principal: Principal, change: { language?: Language; receiveNotifications?: boolean }): Promise<UserMe> {
  for (let attempt = 1; ; attempt++) {
    try {
      let user = change.language ? await deps.users.setLanguage(principal.userId, change.language, deps.now()) : undefined;
      if (change.receiveNotifications !== undefined) {
        user = await deps.users.setNotifications(principal.userId, change.receiveNotifications, change.receiveNotifications ? null : 'user', deps.now());
      }
      return toUserMe(user!, principal);
    } catch (error) {
      if (!(error instanceof UserChangedConcurrentlyException) || attempt >= OWN_LANGUAGE_ATTEMPTS) throw error;
    }
  }
}
