/**
 * What an operator watches, as CloudWatch embedded metric format lines (Powertools Metrics), namespace
 * VendConsole, dimension `stage` on every metric. A function counts during an invocation and flushes once at
 * its end. Locally the lines stay off the console: the local stack sets POWERTOOLS_METRICS_DISABLED unless
 * it is set, and LOG_LEVEL=silent silences them too.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger';

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
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

const silenced = () => (process.env.LOG_LEVEL ?? '').toLowerCase() === 'silent';

/** Powertools adds a `service` dimension by default; ours are stage and the ones named. */
function newMetrics(dimensions: Record<string, string> = {}): Metrics {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, logger: { ...console, warn: (message: string) => logger.warn(message) } });
  metrics.clearDefaultDimensions();
  metrics.setDefaultDimensions({ stage: process.env.STAGE || 'local', ...dimensions });
  return metrics;
}

/** One function's metrics: counts gathered during an invocation, flushed at its end. */
export class OperatorMetrics {
  #metrics: Metrics | undefined;

  /** Built on first use, so the environment the local stack sets is the one read. */
  private get metrics(): Metrics {
    this.#metrics ??= newMetrics();
    return this.#metrics;
  }

  /** A dimension of every metric of this invocation (the API's group, the ingested kind). */
  dimension(name: string, value: string): void {
    this.metrics.addDimension(name, value);
  }

  count(name: MetricName, value = 1): void {
    if (value > 0) this.metrics.addMetric(name, MetricUnit.Count, value);
  }

  /** A count with its own dimensions (one EMF line now, since one line has one set of dimensions). */
  countBy(name: MetricName, dimensions: Record<string, string>, value = 1): void {
    if (value <= 0 || silenced()) return;
    newMetrics(dimensions).addMetric(name, MetricUnit.Count, value).publishStoredMetrics();
  }

  /** Writes this invocation's counts (one EMF line) and clears them with the invocation's dimensions. */
  flush(): void {
    const m = this.#metrics;
    if (!m?.hasStoredMetrics()) {
      m?.clearDimensions();
      return;
    }
    if (silenced()) {
      m.clearMetrics();
      m.clearDimensions();
      return;
    }
    m.publishStoredMetrics();
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
