/**
 * Anomaly alerts (issue 30 item 5), without zod: the core, the sweep and the console read them without bundling the
 * schemas. Anomalies are alarms with these codes (their master alarms in the troubleshooting catalogue), so alarm
 * settings, notifications, repair and the alarm screens serve them unchanged.
 */

/** The master-alarm codes of anomalies: what the dashboard lists as open anomalies. */
export const ANOMALY_ALARM_CODES = {
  /** No sale for a run of hours its own history makes improbable (Poisson baseline per weekday and hour). */
  noSales: 'ANOMALY_NO_SALES',
  /** Offline longer than the merchant's threshold, after having been online within the baseline window. */
  offline: 'ANOMALY_OFFLINE',
  /** The cashless share of the last 24 hours far below the machine's own (a card reader that stopped). */
  cashlessDrop: 'ANOMALY_CASHLESS_DROP',
  /** Coins or bills rejected above the red KPI threshold (spec §9: above 20 %) over the machine's current day. */
  rejection: 'ANOMALY_REJECTION',
} as const;
export type AnomalyKind = keyof typeof ANOMALY_ALARM_CODES;
export const ANOMALY_CODES: readonly string[] = Object.values(ANOMALY_ALARM_CODES);

/** The merchant settings of anomalies (merchant-settings.ts) and their defaults. */
export const ANOMALY_SETTINGS_DEFAULTS = {
  /** An observation whose probability under the machine's baseline is below this raises the anomaly (0.1 %). */
  anomalyProbability: 0.001,
  /** Hours a machine stays offline before the offline anomaly. */
  anomalyOfflineHours: 4,
  /** "Far below": the last 24 hours' cashless share under this fraction of the machine's own share. */
  anomalyCashlessRatio: 0.5,
} as const;
export type AnomalySettings = { -readonly [K in keyof typeof ANOMALY_SETTINGS_DEFAULTS]: number };

/** The longest offline threshold a merchant may set (30 days). */
export const MAX_ANOMALY_OFFLINE_HOURS = 720;
