import type { Principal } from './principal';

/** Whether a merchant-scoped id is inside the caller's tenancy (DESIGN.md §4). */
export function canSeeMerchant(principal: Principal, merchantId: string): boolean {
  return principal.allMerchants || principal.merchantIds.includes(merchantId);
}
