/**
 * The two places users are administered: /admin/users (super admin; every user) and /manage/users (super
 * admin and merchant admin; the users of the merchant picked in the app bar, every user for "all distributors").
 */
export interface UserArea {
  base: '/admin/users' | '/manage/users';
  tableId: string;
  /** Lists the users of the current merchant rather than every user. */
  perMerchant: boolean;
}

export const ADMIN_USERS: UserArea = { base: '/admin/users', tableId: 'admin-users', perMerchant: false };
export const MANAGE_USERS: UserArea = { base: '/manage/users', tableId: 'manage-users', perMerchant: true };

export const userPath = (area: UserArea, id: string) => `${area.base}/${encodeURIComponent(id)}`;
