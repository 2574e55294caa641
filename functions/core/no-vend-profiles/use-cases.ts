import type { NoVendProfile, NoVendProfileInput } from '#schemas/no-vend-profile';
import type { Page } from '#schemas/paging';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { NoVendProfileNotFoundException } from './errors';
import type { NoVendProfileRepository } from './ports';
import { pageOf } from '../shared/page';

export interface NoVendProfileDeps {
  noVendProfiles: NoVendProfileRepository;
  merchants: MerchantRepository;
  newId: () => string;
  now: () => string;
}

/** Profiles are merchant-wide like clients: every role of the merchant sees them all (a group admin too). */
function requireMerchantScope(principal: Principal, merchantId: string): void {
  if (!canSeeMerchant(principal, merchantId)) throw new MerchantNotFoundException();
}

export async function listNoVendProfiles(
  deps: NoVendProfileDeps,
  principal: Principal,
  merchantId: string,
  q: { page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<NoVendProfile>> {
  requireMerchantScope(principal, merchantId);
  const [slice, total, merchant] = await Promise.all([
    deps.noVendProfiles.listSlice(merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.noVendProfiles.count(merchantId),
    deps.merchants.get(merchantId),
  ]);
  if (!merchant) throw new MerchantNotFoundException();
  return pageOf(q, slice, total);
}

export async function getNoVendProfile(deps: NoVendProfileDeps, principal: Principal, merchantId: string, id: string): Promise<NoVendProfile> {
  requireMerchantScope(principal, merchantId);
  const profile = await deps.noVendProfiles.get(merchantId, id);
  if (!profile) throw new NoVendProfileNotFoundException();
  return profile;
}

export async function createNoVendProfile(
  deps: NoVendProfileDeps,
  principal: Principal,
  merchantId: string,
  input: NoVendProfileInput,
): Promise<NoVendProfile> {
  requireMerchantScope(principal, merchantId);
  const now = deps.now();
  const profile: NoVendProfile = { ...input, id: deps.newId(), merchantId, machines: 0, createdAt: now, updatedAt: now };
  await deps.noVendProfiles.create(profile);
  return profile;
}

export async function updateNoVendProfile(
  deps: NoVendProfileDeps,
  principal: Principal,
  merchantId: string,
  id: string,
  input: NoVendProfileInput,
): Promise<NoVendProfile> {
  const current = await getNoVendProfile(deps, principal, merchantId, id);
  const now = deps.now();
  const next: NoVendProfile = { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt };
  await deps.noVendProfiles.update(current, next);
  return next;
}

/** A profile machines still use cannot go (NoVendProfileInUseException). */
export async function deleteNoVendProfile(deps: NoVendProfileDeps, principal: Principal, merchantId: string, id: string): Promise<void> {
  await deps.noVendProfiles.delete(await getNoVendProfile(deps, principal, merchantId, id));
}
