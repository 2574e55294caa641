import { NOT_MERCHANT_USER, type Role } from '#schemas/roles';

/** Every role reads no-vend profiles; all but merchant users change them (the API's no-vend-profiles routes). */
export const canEditProfiles = (role: Role | null | undefined) => role != null && NOT_MERCHANT_USER.includes(role);

/** A profile's screen: the merchant travels in the query (the app bar's merchant may change meanwhile). */
export const profilePath = (merchantId: string, id: string) =>
  `/manage/no-vend-profiles/${encodeURIComponent(id)}?merchantId=${encodeURIComponent(merchantId)}`;
