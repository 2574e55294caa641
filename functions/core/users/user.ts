import type { Language } from '../../../schemas/collections';
import type { Role } from '../../../schemas/roles';

/** The stored user record (spec §3 User). `invisibleFlags` are seen and set by the super admin only. */
export interface User {
  id: string;
  email: string;
  role: Role;
  language: Language;
  merchantIds: string[];
  groupIds: string[];
  allowLicensing: boolean;
  receiveNotifications: boolean;
  invisibleFlags: string[];
  createdAt: string;
  updatedAt: string;
}
