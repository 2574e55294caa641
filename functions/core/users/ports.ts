import type { Language } from '../../../schemas/collections';
import type { User } from './user';

export interface UserRepository {
  get(id: string): Promise<User | undefined>;
  /** Creates or replaces a user record and its email guard (seeding and, later, administration). */
  put(user: User): Promise<void>;
  /** Throws UserNotFoundException. */
  setLanguage(id: string, language: Language, updatedAt: string): Promise<User>;
}
