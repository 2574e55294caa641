/**
 * What a machine costs in AWS per month, from what a bench run counted (machine-cost.ts) and the list prices of
 * aws-prices.ts. Pure: the unit test checks it against a hand computation.
 *
 * A month is 30 days; a machine stays connected all of it. Per device message: its IoT messaging (none with Basic
 * Ingest), one rule and one action (the rule's SQS action), the SendMessage of each 64 KB chunk, and a ReceiveMessage
 * and a DeleteMessageBatch per 10 messages (what the Lambda poller makes; its empty long polls are per queue, not per
 * machine, and left out). Lambda: the invocations and billed milliseconds counted, at the function's memory.
 * DynamoDB: the write and read units counted (indexes and transactions included) and the bytes of lasting items
 * added, priced for one month (they stay: each month's data adds the same again to every later month's bill).
 */
import type { AwsPrices } from './aws-prices';

export const DAYS_PER_MONTH = 30;
/** Messages a ReceiveMessage (and a DeleteMessageBatch) handles at most. */
const SQS_MESSAGES_PER_CALL = 10;

/** What the run counted for one kind of device message (telemetry, sales, audit, alarms). */
export interface KindCounts {
  messages: number;
  /** Σ ceil((payload + topic bytes) / 5 KB). */
  messageUnits: number;
  /** Σ ceil(SQS body bytes / 64 KB). */
  sqsChunks: number;
  invocations: number;
  /** Σ billed milliseconds of the invocations (each rounded up to 1 ms). */
  billedMs: number;
  writeUnits: number;
  readUnits: number;
  itemWrites: number;
  /** Bytes of lasting items (and their index copies) added, overheads included. */
  storedBytes: number;
}

export interface RunCounts {
  /** Machines and simulated days the counts cover. */
  machines: number;
  days: number;
  lambdaMemoryMb: number;
  /** Device → cloud messages published on `$aws/rules/<rule>/…` (no messaging charge). */
  basicIngest: boolean;
  kinds: Record<string, KindCounts>;
}

export interface CostLine {
  item: string;
  /** US dollars per machine-month. */
  perMonth: number;
  basis: string;
}

const perMillion = (n: number, price: number) => (n / 1_000_000) * price;

export function machineMonthCost(run: RunCounts, prices: AwsPrices): { lines: CostLine[]; total: number } {
  const scale = DAYS_PER_MONTH / (run.days * run.machines);
  const sum = (f: (k: KindCounts) => number) => Object.values(run.kinds).reduce((a, k) => a + f(k), 0) * scale;
  const messages = sum((k) => k.messages);
  const units = sum((k) => k.messageUnits);
  const sqsRequests = sum((k) => k.sqsChunks + (2 * k.messages) / SQS_MESSAGES_PER_CALL);
  const invocations = sum((k) => k.invocations);
  const gbSeconds = (sum((k) => k.billedMs) / 1000) * (run.lambdaMemoryMb / 1024);
  const writeUnits = sum((k) => k.writeUnits);
  const readUnits = sum((k) => k.readUnits);
  const storedGb = sum((k) => k.storedBytes) / 1024 ** 3;
  const minutes = DAYS_PER_MONTH * 24 * 60;
  const round = (n: number) => Math.round(n * 10) / 10;
  const lines: CostLine[] = [
    run.basicIngest
      ? { item: 'IoT messaging (Basic Ingest)', perMonth: 0, basis: `${round(messages)} messages on $aws/rules/…: no messaging charge` }
      : { item: 'IoT messaging', perMonth: perMillion(units, prices.iot.messagingPerMillion), basis: `${round(units)} 5 KB message units` },
    { item: 'IoT connectivity', perMonth: perMillion(minutes, prices.iot.connectivityPerMillionMinutes), basis: `${minutes} minutes connected` },
    {
      item: 'IoT rules and actions',
      perMonth: perMillion(messages, prices.iot.rulesTriggeredPerMillion + prices.iot.actionsExecutedPerMillion),
      basis: `${round(messages)} rules triggered, as many SQS actions`,
    },
    { item: 'SQS requests', perMonth: perMillion(sqsRequests, prices.sqs.requestsPerMillion), basis: `${round(sqsRequests)} requests (send, receive, delete)` },
    { item: 'Lambda requests', perMonth: perMillion(invocations, prices.lambda.requestsPerMillion), basis: `${round(invocations)} invocations` },
    {
      item: 'Lambda GB-seconds',
      perMonth: gbSeconds * prices.lambda.perGbSecond,
      basis: `${gbSeconds.toFixed(2)} GB-s at ${run.lambdaMemoryMb} MB`,
    },
    { item: 'DynamoDB write units', perMonth: perMillion(writeUnits, prices.dynamodb.writeUnitsPerMillion), basis: `${round(writeUnits)} WRU` },
    { item: 'DynamoDB read units', perMonth: perMillion(readUnits, prices.dynamodb.readUnitsPerMillion), basis: `${round(readUnits)} RRU` },
    {
      item: 'DynamoDB storage growth',
      perMonth: storedGb * prices.dynamodb.storagePerGbMonth,
      basis: `${round(storedGb * 1024 ** 2)} KB added a month (each month's adds as much to every later month)`,
    },
  ];
  return { lines, total: lines.reduce((a, l) => a + l.perMonth, 0) };
}
