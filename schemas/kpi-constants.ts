/** KPIs (issue 30 item 2; spec §9), without zod: the core and the console read them. */

/** The interval of /distributor-kpis and /devices/{id}/kpis, in days (spec §9); kept by the console as `kpis`. */
export const KPI_INTERVAL_DAYS = { default: 30, min: 2, max: 365 } as const;

/** Spec §9 rejection KPI colours, in percent: green below 15, yellow 15 to 20, red above 20. */
export const REJECTION_THRESHOLDS = { yellowFrom: 15, redAbove: 20 } as const;
export type KpiTone = 'green' | 'yellow' | 'red';

/**
 * What counts as sold (statistics categories paid in cash, cashless or by key): recharges (money put on keys), bonus
 * and free vends (no money taken) and failed vends are not sales. The dashboard's split and every sales KPI use it.
 */
export const SOLD_CATEGORIES = ['cash', 'cashless', 'media'] as const;
