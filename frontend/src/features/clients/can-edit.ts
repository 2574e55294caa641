import { ADMINS, type Role } from '#schemas/roles';

/** Every role reads clients; the super admin and merchant admins change them (the API's clients routes). */
export const canEditClients = (role: Role | null | undefined) => role != null && ADMINS.includes(role);

/** A client's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const clientPath = (merchantId: string, id: string) => `/manage/clients/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;
