import type { Total } from '#schemas/paging';
import type { Language } from '#schemas/collections';
import type { Role } from '#schemas/roles';
import type { User } from './user';

/** Which users a list reads: every user (super admin), or one merchant's. */
export type UserListScope = { kind: 'all' } | { kind: 'merchant'; merchantId: string };

export interface UserFilter {
  role?: Role;
  /** Start of the email (lower case). */
  search?: string;
}

export interface UserSliceRequest extends UserFilter {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** A group a user is given, with its merchant (its storage key). */
export interface GroupRef {
  merchantId: string;
  id: string;
}

export interface UserRepository {
  get(id: string): Promise<User | undefined>;
  /** Creates or replaces a user record with its memberships and email guard (seeding). */
  put(user: User): Promise<void>;
  /**
   * Writes the language on the record as stored now (nothing when it is already that language); throws
   * UserNotFoundException, or UserChangedConcurrentlyException when the user changed between the read and the write.
   */
  setLanguage(id: string, language: Language, updatedAt: string): Promise<User>;
  /** Turns the user's alarm notifications on or off (with why, when off), like setLanguage. */
  setNotifications(id: string, on: boolean, reason: string | null, updatedAt: string): Promise<User>;
  /** Reserves an email for a user being created; DuplicateUserException when taken (also under concurrency). */
  reserveEmail(email: string, now: string): Promise<void>;
  /** Drops a reservation that never became a user. */
  releaseEmail(email: string): Promise<void>;
  /** Writes a new user (reserved email): record, memberships, counters; `groups` must still exist. */
  create(user: User, groups: GroupRef[]): Promise<void>;
  /** Replaces `previous` with `next` (UserChangedConcurrentlyException if it changed meanwhile); `addedGroups` must still exist. */
  replace(previous: User, next: User, addedGroups: GroupRef[]): Promise<void>;
  /** Removes the record, its email guard and memberships. */
  delete(user: User): Promise<void>;
  /** By email; `cursor` opens the slice that follows. */
  listSlice(scope: UserListScope, req: UserSliceRequest): Promise<{ items: User[]; cursor?: string }>;
  count(scope: UserListScope, filter: UserFilter): Promise<Total>;
  /** Every user of the scope by email, at most `max + 1` (so the caller sees when there are more). */
  listAll(scope: UserListScope, max: number): Promise<User[]>;
  /** Whether a user of the merchant still has the group. */
  isGroupReferenced(merchantId: string, groupId: string): Promise<boolean>;
}

/** The identity of a user in the identity provider (Cognito). */
export interface Identity {
  /** The `sub`: the user's id in this console. */
  id: string;
  /** Still on the temporary password of the invitation. */
  neverSignedIn: boolean;
  roleClaim?: string;
}

/**
 * The identity provider (Cognito user pool): identities are addressed by email. Fails with
 * DuplicateUserException when the email already has an identity, UserNotFoundException when it has none.
 */
export interface IdentityProvider {
  /** Creates the identity and sends the invitation (temporary password) by email. */
  createUser(input: { email: string; roleClaim: string }): Promise<{ id: string }>;
  getUser(email: string): Promise<Identity | undefined>;
  setRoleClaim(email: string, roleClaim: string): Promise<void>;
  /** An identity that does not exist counts as deleted. */
  deleteUser(email: string): Promise<void>;
  /** A new invitation with a new temporary password. */
  resendInvitation(email: string): Promise<void>;
}
