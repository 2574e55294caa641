import { ADMINS, type Role } from '#schemas/roles';

/** Every role reads the catalogue; the super admin and merchant admins change it (the API's products routes). */
export const canEditProducts = (role: Role | null | undefined) => role != null && ADMINS.includes(role);

/** A product's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const productPath = (merchantId: string, id: string) => `/manage/products/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;
