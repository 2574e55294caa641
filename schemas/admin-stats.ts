/**
 * The super admin's platform statistics (spec §7 /admin/stats/{merchants|pointsofsale|medias|transactions}; issue 30
 * item 3), read from counters kept on write: the merchants' counter and each merchant's machine, media and sales
 * counters, summed (ACCESS-PATTERNS "Platform statistics").
 */
import * as z from 'zod/mini';
import { CountValue, StatsFigures } from './transaction';

/** Counts by a key (a country, a feature, a device type, a media type or status), largest first. */
export const CountsBy = z.array(z.object({ key: z.string(), count: z.number() }));
export type CountsBy = z.infer<typeof CountsBy>;

export const AdminMerchantStats = z.object({ total: z.number(), byCountry: CountsBy, byFeature: CountsBy });
export type AdminMerchantStats = z.infer<typeof AdminMerchantStats>;

export const AdminPosStats = z.object({
  total: z.number(),
  hidden: z.number(),
  byDeviceType: CountsBy,
  /** Every machine, hidden ones included (spec §4 connection: online, offline, never connected). */
  byConnection: z.object({ online: z.number(), offline: z.number(), unknown: z.number() }),
  byStatus: z.object({ ok: z.number(), warning: z.number(), critical: z.number() }),
});
export type AdminPosStats = z.infer<typeof AdminPosStats>;

export const AdminMediaStats = z.object({ total: z.number(), byType: CountsBy, byStatus: CountsBy });
export type AdminMediaStats = z.infer<typeof AdminMediaStats>;

export const AdminTransactionStats = z.object({
  /** Days (each merchant's local days), both inclusive: the last 30. */
  from: z.string(),
  to: z.string(),
  /** Every day of the range, per category, across every merchant (counts; values are in each merchant's currency, see byCurrency). */
  days: z.array(z.object({ day: z.string(), figures: StatsFigures })),
  /** What was sold (cash, cashless, key) in the range, per currency. */
  byCurrency: z.array(z.object({ currency: z.string(), sold: CountValue })),
});
export type AdminTransactionStats = z.infer<typeof AdminTransactionStats>;
