import { NOT_MERCHANT_USER, type Role } from '#schemas/roles';

/** Prices are read by every role and changed by all but merchant users (the API's roles of the prices group). */
export const canEditPrices = (role: Role | null | undefined) => role != null && NOT_MERCHANT_USER.includes(role);
