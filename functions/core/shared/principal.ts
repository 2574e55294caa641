import type { Role } from '#schemas/roles';

/** Who is calling: role from the verified token, merchants and groups from the user record. */
export interface Principal {
  userId: string;
  email: string;
  role: Role;
  /** Merchants the user belongs to; for the super admin, empty and `allMerchants` is true. */
  merchantIds: string[];
  /** Groups of a group admin; other roles see every group of their merchants. */
  groupIds: string[];
  allMerchants: boolean;
}
