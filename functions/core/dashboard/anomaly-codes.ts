/**
 * The master-alarm codes of anomaly alerts (issue 30 item 5, built on branch `anomalies`), the one place the
 * dashboard's "anomalies open" block reads them from. They equal `ANOMALY_CODES` of `#schemas/anomaly-constants`
 * there: once both are merged, this list imports that one.
 */
export const DASHBOARD_ANOMALY_CODES: readonly string[] = ['ANOMALY_NO_SALES', 'ANOMALY_OFFLINE', 'ANOMALY_CASHLESS_DROP'];
