import { ADMINS, type Role } from '#schemas/roles';

/** Every role reads planograms; super and merchant admins change them (the API's planograms routes). */
export const canEditPlanograms = (role: Role | null | undefined) => role != null && ADMINS.includes(role);

/** A planogram's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const planogramPath = (merchantId: string, id: string) => `/manage/planograms/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;
