import * as z from 'zod/mini';
import { MerchantId } from './merchant-summary';
import { page, pageQuery } from './paging';

export const NoVendProfileId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'invalid no-vend profile id'));
export const NoVendProfileParams = z.strictObject({ id: MerchantId, profileId: NoVendProfileId });

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAX_NO_VEND_PERIODS = 14;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = z.string().check(z.regex(TIME_PATTERN, 'time must be HH:mm'));
const weekday = z.number().check(z.refine((d) => (WEEKDAYS as readonly number[]).includes(d), 'weekday must be 1 (Monday) to 7 (Sunday)'));

/** On these weekdays, from `from` to `to` (local time of the machine, same day), the machine must not sell. */
export const NoVendPeriod = z
  .strictObject({
    weekdays: z.array(weekday).check(
      z.minLength(1, 'pick at least one weekday'),
      z.refine((days) => new Set(days).size === days.length, 'a weekday is repeated'),
    ),
    from: time,
    to: time,
  })
  .check(z.refine((p) => p.from < p.to, { message: 'from must be before to', path: ['to'] }));
export type NoVendPeriod = z.infer<typeof NoVendPeriod>;

/** A no-vend profile of a merchant (spec §3); `machines` counts the machines associated with it. */
export const NoVendProfile = z.object({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  description: z.string(),
  periods: z.array(NoVendPeriod),
  machines: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoVendProfile = z.infer<typeof NoVendProfile>;

export const NoVendProfileInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(100)),
  description: z._default(z.string().check(z.trim(), z.maxLength(500)), ''),
  periods: z.array(NoVendPeriod).check(z.maxLength(MAX_NO_VEND_PERIODS, `at most ${MAX_NO_VEND_PERIODS} periods`)),
});
export type NoVendProfileInput = z.infer<typeof NoVendProfileInput>;

export const NoVendProfileListQuery = pageQuery(['name'] as const);
export const NoVendProfilePage = page(NoVendProfile);
