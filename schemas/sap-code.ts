/**
 * SAP codes (spec §2 /admin/merchants/{id}/sapcodes, /admin/sapcodes/create and {sapcodeid}; §7 /sapcodes; super
 * admin only): the codes a merchant's medias can be billed under in its ERP. A code is unique per merchant
 * (case-insensitively); a media carries one of its merchant's codes, or none.
 */
import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';

export const SAP_CODE_PATTERN = /^[A-Za-z0-9._/-]{1,40}$/;
export const SapCodeValue = z
  .string()
  .check(z.trim(), z.minLength(1, 'code is required'), z.regex(SAP_CODE_PATTERN, 'code: 1 to 40 letters, digits, dot, dash, slash or underscore'));

export const SapCodeId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid SAP code id'));
export const SapCodeParams = z.strictObject({ sapCodeId: SapCodeId });

export const SapCode = z.object({
  id: z.string(),
  merchantId: z.string(),
  code: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SapCode = z.infer<typeof SapCode>;

export const SapCodeInput = z.strictObject({
  code: SapCodeValue,
  description: z._default(z.string().check(z.trim(), z.maxLength(200, 'description: at most 200 characters')), ''),
});
export type SapCodeInput = z.infer<typeof SapCodeInput>;

export const SapCodeCreate = z.strictObject({ ...SapCodeInput.shape, merchantId: MerchantId });
export type SapCodeCreate = z.infer<typeof SapCodeCreate>;

export const SapCodeListQuery = pageQuery(['code'] as const, { merchantId: MerchantId });
export const SapCodePage = page(SapCode);

/** A media's SAP code: one of its merchant's codes, or null for none. */
export const MediaSapCodeInput = z.strictObject({ sapCode: z.nullable(SapCodeValue) });
export type MediaSapCodeInput = z.infer<typeof MediaSapCodeInput>;
