/**
 * The functions' logger: Powertools for AWS Lambda Logger behind a small interface
 * (`logger.info(message, fields)`). One JSON line per entry with the Lambda context of the invocation
 * (function_request_id, cold_start, function_name), the request's correlation_id and the fields given;
 * secrets never (log-redaction.ts). LOG_LEVEL (debug, info, warn, error, silent; default info) is read
 * when the first line is written. LOG_FORMAT=text prints compact lines instead of JSON (`npm start` does).
 */
import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';
import { redact } from './log-redaction';
import { annotateTrace } from './trace-annotation';

export type LogFields = Record<string, unknown>;

const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
/** Keys a compact line leaves out: the same on every line of a process, or empty locally. */
const TEXT_OMITS = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'function_arn',
  'function_memory_size',
  'xray_trace_id',
  'cold_start',
]);

const textValue = (v: unknown) => (typeof v === 'string' && /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v));

/** Compact lines for a terminal: `12:00:00.123 INFO  message key=value …`, an error's stack below it. */
class TextLogger extends Logger {
  protected override printLog(_level: number, log: LogItem): void {
    log.prepareForPrint();
    const a = JSON.parse(JSON.stringify(log.getAttributes(), this.getJsonReplacer())) as Record<string, unknown>;
    const time = String(a.timestamp ?? '').slice(11, 23);
    // Locally the correlation id is the request id unless the client chose one: print it once.
    if (a.correlation_id === a.function_request_id) delete a.function_request_id;
    const fields = Object.entries(a).filter(([k]) => !TEXT_OMITS.has(k) && k !== 'error');
    const error = a.error as { stack?: string; message?: string } | undefined;
    const line = [time, String(a.level).padEnd(5), a.message, ...fields.map(([k, v]) => `${k}=${textValue(v)}`)].join(' ');
    const stream = a.level === 'ERROR' || a.level === 'WARN' || a.level === 'CRITICAL' ? process.stderr : process.stdout;
    stream.write(`${line}${error ? `\n  ${error.stack ?? error.message}` : ''}\n`);
  }
}

/** A new Powertools logger configured from `env` (the process's one is built on first use). */
export function createPowertoolsLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = (env.LOG_LEVEL ?? 'info').toUpperCase();
  const options: ConstructorOptions = {
    serviceName: env.POWERTOOLS_SERVICE_NAME || 'vend-console',
    logLevel: (LEVELS as readonly string[]).includes(level) ? (level as (typeof LEVELS)[number]) : 'INFO',
    jsonReplacerFn: redact,
  };
  return env.LOG_FORMAT === 'text' ? new TextLogger(options) : new Logger(options);
}

let instance: Logger | undefined;
const powertools = () => (instance ??= createPowertoolsLogger());

export const logger = {
  debug: (message: string, fields?: LogFields) => powertools().debug(message, fields ?? {}),
  info: (message: string, fields?: LogFields) => powertools().info(message, fields ?? {}),
  warn: (message: string, fields?: LogFields) => powertools().warn(message, fields ?? {}),
  error: (message: string, fields?: LogFields) => powertools().error(message, fields ?? {}),
  /**
   * Starts an invocation's lines: its Lambda context (request id, cold start, function name) and no keys
   * left from the one before. Without a context (a direct call in a test) only the keys are cleared.
   */
  startInvocation(context?: Partial<Context>): void {
    const l = powertools();
    l.resetKeys();
    if (context?.awsRequestId) l.addContext(context as Context);
  },
  /**
   * The request's correlation id on every following line of this invocation (`correlation_id`), and as an
   * annotation of its X-Ray trace (trace-annotation.ts).
   */
  setCorrelationId(correlationId: string): void {
    powertools().setCorrelationId(correlationId);
    annotateTrace('correlation', { correlation_id: correlationId });
  },
};

/** Forget the process's logger: the next line reads LOG_LEVEL and LOG_FORMAT again (tests). */
export function resetLogger(): void {
  instance = undefined;
}
