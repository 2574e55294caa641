import type { Merchant, MerchantInput, MerchantSummary } from '#schemas/merchant';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import type { Page } from '#schemas/paging';
import type { Principal } from '../shared/principal';
import { canSeeMerchant } from '../shared/scope';
import { MerchantNotFoundException } from './errors';
import { ALL_DISTRIBUTORS, byName, newMerchant, toSummary } from './merchant';
import type { MerchantRepository } from './ports';
import { pageOf } from '../shared/page';
import { recordChange } from '../audit/change-recorder';

export interface MerchantDeps {
  merchants: MerchantRepository;
  newId: () => string;
  now: () => string;
}

export interface PageRequest {
  page: number;
  size: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/** The super admin's merchant list, by name: stored merchants only ("all distributors" is the selector's, see merchantsOf). */
export async function listMerchantPage(deps: MerchantDeps, req: PageRequest): Promise<Page<Merchant>> {
  const [slice, count] = await Promise.all([
    deps.merchants.listSlice({ offset: (req.page - 1) * req.size, limit: req.size, ordType: req.ordType, cursor: req.cursor }),
    deps.merchants.count(),
  ]);
  return pageOf(req, slice, count);
}

export function listAllMerchants(deps: MerchantDeps): Promise<Merchant[]> {
  return deps.merchants.listAll();
}

/** A foreign or unknown id answers the same 404, so ids do not leak. */
export async function getMerchant(deps: { merchants: Pick<MerchantRepository, 'get'> }, principal: Principal, id: string): Promise<Merchant> {
  if (id === ALL_DISTRIBUTORS_ID || !canSeeMerchant(principal, id)) throw new MerchantNotFoundException();
  const merchant = await deps.merchants.get(id);
  if (!merchant) throw new MerchantNotFoundException();
  return merchant;
}

export async function createMerchant(deps: MerchantDeps, input: MerchantInput): Promise<Merchant> {
  const merchant = newMerchant(deps.newId(), input, deps.now());
  await deps.merchants.create(merchant);
  recordChange('merchant', merchant.id, undefined, merchant);
  return merchant;
}

export async function updateMerchant(deps: MerchantDeps, id: string, input: MerchantInput): Promise<Merchant> {
  if (id === ALL_DISTRIBUTORS_ID) throw new MerchantNotFoundException();
  return deps.merchants.update(id, { ...input, name: input.name.trim() }, deps.now());
}

/** The merchant selector: the super admin gets "all distributors" first, then every merchant by name. */
export async function merchantsOf(deps: MerchantDeps, principal: Principal): Promise<MerchantSummary[]> {
  if (principal.allMerchants) {
    const all = await deps.merchants.listAll();
    return [ALL_DISTRIBUTORS, ...all.map(toSummary)];
  }
  const mine = await deps.merchants.getMany(principal.merchantIds);
  return mine.sort(byName).map(toSummary);
}
