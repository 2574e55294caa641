/** SAP codes (spec §2 /admin/merchants/{id}/sapcodes, /admin/sapcodes; super admin only, which the routes enforce). */
import type { Page } from '#schemas/paging';
import type { SapCode, SapCodeCreate, SapCodeInput } from '#schemas/sap-code';
import { MerchantNotFoundException } from '../merchants/errors';
import type { MerchantRepository } from '../merchants/ports';
import { pageOf } from '../shared/page';
import { SapCodeNotFoundException } from './errors';
import type { SapCodeRepository } from './ports';

export interface SapCodeDeps {
  sapCodes: SapCodeRepository;
  merchants: Pick<MerchantRepository, 'get'>;
  newId: () => string;
  now: () => string;
}

export async function listSapCodes(
  deps: SapCodeDeps,
  q: { merchantId: string; page: number; size: number; ordType: 'asc' | 'desc'; cursor?: string },
): Promise<Page<SapCode>> {
  const [slice, total, merchant] = await Promise.all([
    deps.sapCodes.listSlice(q.merchantId, { offset: (q.page - 1) * q.size, limit: q.size, ordType: q.ordType, cursor: q.cursor }),
    deps.sapCodes.count(q.merchantId),
    deps.merchants.get(q.merchantId),
  ]);
  if (!merchant) throw new MerchantNotFoundException();
  return pageOf(q, slice, total);
}

export async function getSapCode(deps: Pick<SapCodeDeps, 'sapCodes'>, id: string): Promise<SapCode> {
  const sapCode = await deps.sapCodes.get(id);
  if (!sapCode) throw new SapCodeNotFoundException();
  return sapCode;
}

/** The repository records the change (named-entity-store.ts). */
export async function createSapCode(deps: SapCodeDeps, input: SapCodeCreate): Promise<SapCode> {
  const now = deps.now();
  const sapCode: SapCode = { ...input, id: deps.newId(), createdAt: now, updatedAt: now };
  await deps.sapCodes.create(sapCode);
  return sapCode;
}

/** Medias keep the code they carry: renaming a code does not rewrite them (the media screen shows what the media carries). */
export async function updateSapCode(deps: SapCodeDeps, id: string, input: SapCodeInput): Promise<SapCode> {
  const current = await getSapCode(deps, id);
  const now = deps.now();
  const next: SapCode = { ...current, ...input, updatedAt: now > current.updatedAt ? now : current.updatedAt };
  await deps.sapCodes.update(current, next);
  return next;
}
