import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';

export const GroupId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid group id'));
/** `/merchants/{id}/groups/{groupId}`: the merchant segment is `{id}` on every merchant route (API Gateway wants one name per level). */
export const GroupParams = z.strictObject({ id: MerchantId, groupId: GroupId });

/** A group of machines (and of the group admins who manage them) inside one merchant. */
export const Group = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof Group>;

export const GroupInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  description: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
});
export type GroupInput = z.infer<typeof GroupInput>;

export const GroupListQuery = pageQuery(['name'] as const);
export const GroupPage = page(Group);
