/**
 * What an operator watches, as CloudWatch embedded metric format lines (one JSON line on stdout: the `_aws`
 * block names the namespace, dimensions and metrics, the values stand beside it), namespace VendConsole,
 * dimension `stage` on every metric. A function counts during an invocation and writes once at its end. The
 * format is a few fields, so it is written here rather than with Powertools Metrics, which would add 10 KB to
 * every bundle. Locally the lines stay off the console: the local stack sets METRICS_DISABLED unless it is
 * set, and LOG_LEVEL=silent silences them too.
 */
export const METRICS_NAMESPACE = 'VendConsole';

/** Metric names (all counts). */
export const METRIC = {
  /** API requests, 4xx and 5xx answers; dimensions stage, group. */
  apiRequests: 'ApiRequests',
  api4xx: 'Api4xx',
  api5xx: 'Api5xx',
  /** Device messages stored, kept aside as invalid (or of unknown machines), repeats dropped, left for redelivery; dimensions stage, kind. */
  messagesIngested: 'MessagesIngested',
  messagesKeptAside: 'MessagesKeptAside',
  duplicateMessages: 'DuplicateMessages',
  messagesRedelivered: 'MessagesRedelivered',
  /** Remote commands published by the sweep (scheduled sends and retries) and publishes that failed; dimension stage. */
  commandsSent: 'CommandsSent',
  commandPublishFailures: 'CommandPublishFailures',
  /** Remote commands ended, by result (success, unspecifiedError, …, retriesExceeded, expired); dimensions stage, result. */
  commandsFinished: 'CommandsFinished',
  /** Acknowledgements that changed nothing (invalid, unknown or finished command); dimension stage. */
  commandAcksIgnored: 'CommandAcksIgnored',
  /** Device messages moved to a rule's dead-letter queue after maxReceiveCount deliveries (with their ids); dimensions stage, rule. */
  deadLetteredMessages: 'DeadLetteredMessages',
  /** Device messages on topics no IoT rule matches; dimension stage. */
  unmatchedDeviceMessages: 'UnmatchedDeviceMessages',
  /** Historical data exports completed, their rows, and exports failed for good (RecordFailure); dimension stage. */
  historicalExports: 'HistoricalExports',
  historicalExportRows: 'HistoricalExportRows',
  historicalExportFailures: 'HistoricalExportFailures',
  /** Scheduled export runs, by outcome (made, refused: e.g. the active maximum, failed: tried again next minute); dimensions stage, outcome. */
  subscriptionRuns: 'SubscriptionRuns',
  /** Mutating calls left out of the audit trail because nobody was authenticated (401), and entries that could not be written; dimension stage. */
  auditTrailUnauthenticated: 'AuditTrailUnauthenticated',
  auditTrailWriteFailures: 'AuditTrailWriteFailures',
  /** Successful calls that wrote to the table without recording what they changed (a use case missing its recordChange); dimension stage. */
  auditTrailChangesUnrecorded: 'AuditTrailChangesUnrecorded',
  /** Calls whose entry their own function did not append: the audit sweep recorded it from the intent they left; dimension stage. */
  auditTrailIntentsRecovered: 'AuditTrailIntentsRecovered',
  /** Work of a trigger that belongs to a merchant feature, skipped for a merchant without it (functions/triggers/trigger.ts); dimensions stage, feature. */
  featureWorkSkipped: 'FeatureWorkSkipped',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

const silenced = () => (process.env.LOG_LEVEL ?? '').toLowerCase() === 'silent' || (process.env.METRICS_DISABLED ?? '').toLowerCase() === 'true';

/** One EMF line: the counts under one set of dimensions (stage first), with properties that are not dimensions. */
function write(dimensions: Record<string, string>, counts: ReadonlyMap<string, number>, properties: Record<string, unknown> = {}): void {
  const all = { stage: process.env.STAGE || 'local', ...dimensions };
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        { Namespace: METRICS_NAMESPACE, Dimensions: [Object.keys(all)], Metrics: [...counts.keys()].map((Name) => ({ Name, Unit: 'Count' })) },
      ],
    },
    ...properties,
    ...all,
    ...Object.fromEntries(counts),
  };
  process.stdout.write(JSON.stringify(line) + '\n');
}

/** One function's metrics: counts gathered during an invocation, written at its end. */
export class OperatorMetrics {
  #dimensions: Record<string, string> = {};
  #counts = new Map<string, number>();

  /** A dimension of every metric of this invocation (the API's group, the ingested kind). */
  dimension(name: string, value: string): void {
    this.#dimensions[name] = value;
  }

  count(name: MetricName, value = 1): void {
    if (value > 0) this.#counts.set(name, (this.#counts.get(name) ?? 0) + value);
  }

  /**
   * A count with its own dimensions (one EMF line now, since one line has one set of dimensions); `properties`
   * stand beside it in the line (searchable in the logs, not dimensions: e.g. the message ids counted).
   */
  countBy(name: MetricName, dimensions: Record<string, string>, value = 1, properties?: Record<string, unknown>): void {
    if (value > 0 && !silenced()) write(dimensions, new Map([[name, value]]), properties);
  }

  /** Writes this invocation's counts (one EMF line) and clears them with the invocation's dimensions. */
  flush(): void {
    if (this.#counts.size > 0 && !silenced()) write(this.#dimensions, this.#counts);
    this.#counts = new Map();
    this.#dimensions = {};
  }

  /** Runs one invocation's work and flushes its counts whatever happens. */
  async around<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      this.flush();
    }
  }
}
