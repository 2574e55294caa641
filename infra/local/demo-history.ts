/**
 * A week of history for the demo machines, back-filled before `npm start` serves: what an operator finds on a
 * Monday morning. The machines' messages of the week (pings with signal and temperature, sales, audits that agree
 * with them, configurations, alarms raised, repeated and cleared) go through the ingestion use case, as the IoT
 * rule triggers hand them over, so every item, counter and machine state is the one ingestion writes. Alarms
 * repaired by a user and remote commands in every status go through their repositories.
 *
 * Everything is placed relative to one anchor instant kept in the table: a seed interrupted half-way runs again
 * to the same keys (ingestion skips the messages it processed, commands that exist are kept), and a completed
 * one is not run again.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { newCommandId } from '../../functions/core/remote-commands/delivery';
import type { CommandSettings, RemoteCommandRepository, StoredCommand } from '../../functions/core/remote-commands/ports';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import type { IngestionDeps } from '../../functions/core/ingestion/deps';
import type { IngestedKind, SaleTransaction } from '#schemas/iot';
import { CASH_DEVICE_TYPES } from '#schemas/collections';
import { submoduleOf } from '#schemas/cash-messages';
import { DynamoSensorThresholds } from '../../functions/adapters/dynamodb/sensor-store';
import { COMMAND_RESULT, COMMAND_STATUS, finalStatusOf } from '#schemas/remote-command';
import { seedDemoBaselines } from './demo-baselines';
import { DEMO_MACHINES, DEMO_PLANOGRAMS, type DemoMachine } from './demo-data';
import { simulatedPlanograms, SimulatedStock } from './simulated-stock';
import { SimulatedPayments } from './simulated-payments';
import {
  acceptanceHour,
  acceptanceMessage,
  cashSensorReadings,
  DEMO_DEVICE_ERRORS,
  DEMO_DRIFTING,
  DEMO_REJECTING,
  deviceErrorsMessage,
  movement,
  movementsMessage,
  sensorsMessage,
} from './simulated-cash';
import { alarmMessage, auditMessage, configMessage, DexBook, SIMULATED_ALARMS, salesMessage, saleTransaction, telemetryMessage } from './simulator';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** A ping kept every hour (the charts' points); the devices ping more often, but the week stays a few thousand items. */
const SAMPLE_EVERY = HOUR;
/** Audits are read every six hours (`audit.scheduledHours`). */
const AUDIT_EVERY = 6 * HOUR;
/** Sales come in one message per machine and three hours of the opening day (06:00–21:00 UTC). */
const SALES_WINDOW = 3 * HOUR;
/** The offline machine's last ping, before the anchor. */
const OFFLINE_SINCE = 2 * DAY + 3 * HOUR;
/** The silent machine's last sale, before the anchor: a busy machine's whole opening day without a sale. */
const SILENT_SINCE = 20 * HOUR;

export interface DemoHistoryDeps {
  doc: DynamoDBDocumentClient;
  config: { tableName: string; commands: CommandSettings };
  remoteCommands: RemoteCommandRepository;
  now: () => string;
}

export interface DemoHistoryOutcome {
  /** The week was back-filled before (a kept `.local/`). */
  skipped: boolean;
  /** Device messages played through ingestion, remote commands written. */
  messages: number;
  commands: number;
}

// ------------------------------------------------------------------ deterministic randomness

/** A small seeded generator (mulberry32 over a string hash): the same machine gets the same week every run. */
function randomOf(seed: string): () => number {
  let h = 1_779_033_703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3_432_918_353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const pickOf = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** A url-safe message id from the machine, the kind and the time: the same every run. */
const messageIdOf = (kind: string, serial: string, at: number) => `demo-${kind}-${serial}-${at.toString(36)}`;

// ------------------------------------------------------------------ the story

/** Alarms that shape the morning: still open, or repaired by a user (the rest of the week's were cleared by their machines). */
const STORY_ALARMS: ReadonlyArray<{ serial: string; code: string; raisedAgo: number; repaired?: { ago: number; by: string } }> = [
  { serial: 'CENG-00000001', code: 'W-LOW-CHANGE', raisedAgo: 3 * HOUR },
  { serial: 'CENG-00000002', code: 'E-COOLING', raisedAgo: 14 * HOUR },
  { serial: 'CENG-00000007', code: 'E-DOOR-OPEN', raisedAgo: OFFLINE_SINCE + 40 * MINUTE },
  { serial: 'CUNI-00000010', code: 'N-FILTER', raisedAgo: 30 * HOUR },
  { serial: 'CHEX-00000013', code: 'W-LOW-CHANGE', raisedAgo: 5 * HOUR },
  { serial: 'CENG-00000006', code: 'E-COIN-JAM', raisedAgo: 40 * HOUR, repaired: { ago: 37 * HOUR, by: 'merchant.admin@demo.local' } },
  { serial: 'CENG-00000003', code: 'E-DOOR-OPEN', raisedAgo: 28 * HOUR, repaired: { ago: 27 * HOUR, by: 'group.admin@demo.local' } },
  { serial: 'C100-00000018', code: 'E-COIN-JAM', raisedAgo: 20 * HOUR, repaired: { ago: 18 * HOUR, by: 'superadmin@demo.local' } },
];
/** The machine whose cooling failed: its temperature climbs from the alarm on. */
const COOLING_FAILURE = STORY_ALARMS.find((a) => a.code === 'E-COOLING')!;
/** The planogram machines' lines, and the one refilled two days ago (the rest since the week began). */
const DEMO_STOCK_LINES = simulatedPlanograms(DEMO_PLANOGRAMS, DEMO_MACHINES);
const DEMO_REFILLED = DEMO_MACHINES.find((m) => m.name === 'Bergamo Fiera')!.serial;
/** A machine in a poor radio spot. */
const WEAK_SIGNAL = 'CUNI-00000011';

type Events = Record<IngestedKind, object[]>;
const ruleEvent = (kind: IngestedKind, message: { serial: string }, receivedAt: number) => ({
  ...message,
  topic: `vend/${message.serial}/${kind}`,
  receivedAt,
});

/**
 * Cash sales of the last opening hour before the anchor (after the last whole sales window; seeded at night, the hour
 * before the latest closing at 21 UTC): a live machine has sold minutes before, as its own history expects (the
 * anomaly sweep would otherwise read hours of silence, more or fewer by the hour the demo was seeded).
 * Their own random stream, so the rest of the week is the same as without them.
 */
function lastHourSales(m: DemoMachine, anchor: number, busy: number, currency: 'COP' | 'EUR', stock: SimulatedStock | undefined, book: DexBook): object[] {
  const random = randomOf(`${m.serial}#last-hour`);
  const hour = new Date(anchor).getUTCHours();
  const closing = Math.floor(anchor / DAY) * DAY + 21 * HOUR - (hour < 21 ? DAY : 0);
  const end = hour >= 6 && hour < 21 ? anchor : closing;
  const count = Math.max(1, Math.round((busy * 7) / 3));
  const transactions: SaleTransaction[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const sold = stock ? stock.sell(random) : { line: 1 + i, productCode: `P${String(1 + i).padStart(2, '0')}` };
    if (!sold) continue;
    const value = currency === 'COP' ? 150_000 : 120;
    const t = saleTransaction({
      id: `T${m.serial.replace('-', '')}L${i}`,
      ...sold,
      priceTable: 1,
      value,
      currency,
      type: 2,
      mediaType: 252,
      createdAt: iso(end - 2 * MINUTE - i * (HOUR / count)),
    });
    book.record(t);
    transactions.push(t);
  }
  const sentAt = end - MINUTE;
  return transactions.length
    ? [ruleEvent('sales', salesMessage(m.serial, transactions, { messageId: messageIdOf('sh', m.serial, sentAt), sentAt: iso(sentAt) }), sentAt + 500)]
    : [];
}

/** The week of one machine's messages, as the IoT rules hand them over (`receivedAt` a moment after sending). */
function machineWeek(m: DemoMachine, anchor: number, payments: SimulatedPayments): { events: Events; lastPingAt: number } {
  const random = randomOf(m.serial);
  const events: Events = {
    telemetry: [],
    sales: [],
    audit: [],
    config: [],
    alarms: [],
    sensors: [],
    'cash-acceptance': [],
    'cash-movements': [],
    'device-errors': [],
  };
  const start = anchor - WEEK;
  const lastPingAt = m.offline ? anchor - OFFLINE_SINCE : anchor - 10_000;
  const currency = m.merchantId === 'colibri-cash' ? 'COP' : 'EUR';
  const prices = currency === 'COP' ? [150_000, 200_000, 350_000] : [80, 90, 120, 150, 200];

  events.config.push(
    ruleEvent('config', configMessage(m.serial, undefined, { messageId: messageIdOf('cf', m.serial, start), reportedAt: iso(start) }), start + 1000),
  );

  // Pings: a signal of its own with a daily swing, a steady cold cabinet; the cooling failure warms it up.
  const signalBase = m.serial === WEAK_SIGNAL ? 28 : 60 + 25 * random();
  const coolingFrom = m.serial === COOLING_FAILURE.serial ? anchor - COOLING_FAILURE.raisedAgo : Infinity;
  const pingTimes: number[] = [];
  for (let t = Math.ceil(start / SAMPLE_EVERY) * SAMPLE_EVERY; t < lastPingAt; t += SAMPLE_EVERY) pingTimes.push(t);
  pingTimes.push(lastPingAt);
  for (const t of pingTimes) {
    const fading = m.offline && lastPingAt - t < 6 * HOUR ? 30 : 0;
    const signalLevel = Math.round(clamp(signalBase + 6 * Math.sin((2 * Math.PI * t) / DAY) + 8 * (random() - 0.5) - fading, 5, 99));
    const warming = t > coolingFrom ? Math.min(7, (t - coolingFrom) / (2 * HOUR)) : 0;
    const temperature = Math.round((4 + 1.5 * random() + warming) * 10) / 10;
    events.telemetry.push(
      ruleEvent('telemetry', telemetryMessage(m.serial, { messageId: messageIdOf('tl', m.serial, t), sentAt: iso(t), signalLevel, temperature }), t + 300),
    );
  }

  // Sales through the day (fewer at weekends) and the audits that count them. A machine with a planogram sells
  // from its lines: refilled (audit origin 4) as the week starts and, on one of them, two days ago.
  const book = new DexBook(currency);
  const lines = DEMO_STOCK_LINES.get(m.serial);
  const stock = lines ? new SimulatedStock(lines) : undefined;
  const refillsAt = stock ? [start + MINUTE, ...(m.serial === DEMO_REFILLED ? [anchor - 2 * DAY] : [])] : [];
  const busy = 0.5 + random();
  let sale = 0;
  let cutAudits = m.serial === WEAK_SIGNAL ? 1 : 0;
  const audit = (t: number, origin = 2) => {
    if (origin === 4) stock?.refill();
    const readAt = iso(t);
    const text = book.text(m.serial, readAt);
    // On the weak signal, one transfer two days ago broke off before G85: the audits tab marks it, the cash view skips it.
    const dex = cutAudits > 0 && t > anchor - 2 * DAY ? text.slice(0, text.indexOf('G85*')) : text;
    if (dex !== text) cutAudits--;
    events.audit.push(ruleEvent('audit', auditMessage(m.serial, { messageId: messageIdOf('au', m.serial, t), readAt, origin, dex, sentAt: readAt }), t + 2000));
  };
  let nextRefill = 0;
  const lastSalesWindowEnd = m.silent ? anchor - SILENT_SINCE : lastPingAt;
  for (let window = Math.ceil(start / SALES_WINDOW) * SALES_WINDOW; window + SALES_WINDOW <= lastPingAt; window += SALES_WINDOW) {
    for (; nextRefill < refillsAt.length && refillsAt[nextRefill]! <= window; nextRefill++) audit(refillsAt[nextRefill]!, 4);
    if (window % AUDIT_EVERY === 0) audit(window + 2 * MINUTE);
    const hour = new Date(window).getUTCHours();
    if (hour < 6 || hour >= 21 || window + SALES_WINDOW > lastSalesWindowEnd) continue;
    const weekend = [0, 6].includes(new Date(window).getUTCDay());
    const count = Math.floor(random() * busy * (weekend ? 4 : 7));
    const transactions: SaleTransaction[] = Array.from({ length: count }, () => {
      const at = window + Math.floor(random() * (SALES_WINDOW - 5 * MINUTE));
      const line = 1 + Math.floor(random() * 30);
      // Cash, cards, keys, the app; recharges, bonus, free and failed sales (simulated-payments.ts).
      const price = pickOf(random, prices);
      const { vend, ...paid } = payments.next(random, m.serial, price);
      const sold = vend ? (stock ? stock.sell(random) : { line, productCode: `P${String(line).padStart(2, '0')}` }) : {};
      if (!sold) return undefined;
      return saleTransaction({
        id: `T${m.serial.replace('-', '')}${(++sale).toString(36)}`,
        ...sold,
        priceTable: pickOf(random, [1, 2, 6] as const),
        value: price,
        currency,
        createdAt: iso(at),
        ...paid,
      });
    })
      .filter((t): t is SaleTransaction => t !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const t of transactions) book.record(t);
    const sentAt = window + SALES_WINDOW - MINUTE;
    if (transactions.length)
      events.sales.push(
        ruleEvent('sales', salesMessage(m.serial, transactions, { messageId: messageIdOf('sl', m.serial, sentAt), sentAt: iso(sentAt) }), sentAt + 500),
      );
  }
  if (!m.silent && !m.offline) events.sales.push(...lastHourSales(m, anchor, busy, currency, stock, book));

  // Faults of the first days, raised, repeated while they lasted and cleared by the machine.
  const alarmAt = (t: number, payload: Parameters<typeof alarmMessage>[1]) =>
    events.alarms.push(
      ruleEvent('alarms', alarmMessage(m.serial, { ...payload, at: iso(t) }, { messageId: messageIdOf('al', m.serial, t), sentAt: iso(t) }), t + 400),
    );
  for (let day = 7; day >= 4; day--) {
    if (random() > 0.4) continue;
    const { code, detail } = pickOf(random, SIMULATED_ALARMS);
    const raised = anchor - day * DAY + (6 + Math.floor(random() * 14)) * HOUR;
    const cleared = raised + 10 * MINUTE + Math.floor(random() * 4 * HOUR);
    alarmAt(raised, { code, detail, state: 'raised', remainingCycles: 100 });
    if (cleared - raised > HOUR) alarmAt(raised + HOUR, { code, detail, state: 'raised', remainingCycles: 80 });
    alarmAt(cleared, { code, state: 'cleared' });
  }
  for (const s of STORY_ALARMS.filter((a) => a.serial === m.serial)) {
    const { detail } = SIMULATED_ALARMS.find((a) => a.code === s.code)!;
    alarmAt(anchor - s.raisedAgo, { code: s.code, detail, state: 'raised', remainingCycles: 60 });
  }
  cashWeek(m, events, random, start, lastPingAt, currency);
  return { events, lastPingAt };
}

/** Sensor thresholds of the demo's cash model (C100), set before the week is played. */
export const DEMO_SENSOR_THRESHOLDS = [
  { model: 'C100', name: 'hopperExitGain', warning: 60, critical: 80, valuesIncrease: true },
  { model: 'C100', name: 'noteOpticalGain', warning: 55, critical: 70, valuesIncrease: true },
  { model: 'C100', name: 'coinOpticalLevel', warning: 70, critical: 60, valuesIncrease: false },
] as const;
const SENSORS_EVERY = 2 * HOUR;

/**
 * A cash machine's week of its own data: sensor readings every two hours, acceptance of each sales window, a
 * morning refill, change given through the day and an evening collection, now and then a device error. A vending
 * machine's coin mechanism sends its acceptance (coins only).
 */
function cashWeek(m: DemoMachine, events: Events, random: () => number, start: number, lastPingAt: number, currency: 'COP' | 'EUR'): void {
  const cash = (CASH_DEVICE_TYPES as readonly string[]).includes(m.serial.slice(0, 4));
  const rule = <K extends IngestedKind>(kind: K, message: { serial: string; sentAt: string }) =>
    events[kind].push(ruleEvent(kind, message, Date.parse(message.sentAt) + 300));
  if (cash)
    for (let t = Math.ceil(start / SENSORS_EVERY) * SENSORS_EVERY; t < lastPingAt; t += SENSORS_EVERY)
      rule('sensors', sensorsMessage(m.serial, messageIdOf('sn', m.serial, t), t, cashSensorReadings(random, m.serial === DEMO_DRIFTING, (t - start) / WEEK)));
  for (let window = Math.ceil(start / SALES_WINDOW) * SALES_WINDOW; window + SALES_WINDOW <= lastPingAt; window += SALES_WINDOW) {
    const hour = new Date(window).getUTCHours();
    if (hour < 6 || hour >= 21) continue;
    const rate = m.serial === DEMO_REJECTING ? 0.03 + 0.27 * ((window - start) / WEEK) : cash ? 0.03 : 0.02;
    const { accepted, rejected } = acceptanceHour(random, currency, Math.floor((cash ? 30 : 8) + random() * (cash ? 30 : 10)), rate, cash);
    if (accepted.length + rejected.length)
      rule(
        'cash-acceptance',
        acceptanceMessage(
          m.serial,
          messageIdOf('ca', m.serial, window),
          { fromMs: window, toMs: window + SALES_WINDOW - MINUTE },
          currency,
          accepted,
          rejected,
        ),
      );
  }
  if (!cash) return;
  const unit = currency === 'COP' ? 1000 : 100;
  for (let day = Math.ceil(start / DAY) * DAY; day + 21 * HOUR < lastPingAt; day += DAY) {
    const change = Math.round(20 + random() * 40) * unit;
    const deposits = Math.round(150 + random() * 100) * unit;
    rule(
      'cash-movements',
      movementsMessage(m.serial, messageIdOf('cm', m.serial, day), currency, [
        movement('refill', day + 6 * HOUR, currency, 100 * unit, 'op-demo'),
        movement('deposit', day + 13 * HOUR, currency, deposits),
        movement('changeGiven', day + 14 * HOUR, currency, change),
        movement('collection', day + 21 * HOUR, currency, deposits - change, 'op-demo'),
      ]),
    );
    if (random() < 0.35) {
      const at = day + (8 + Math.floor(random() * 12)) * HOUR;
      rule('device-errors', deviceErrorsMessage(m.serial, messageIdOf('de', m.serial, at), [{ ...pickOf(random, DEMO_DEVICE_ERRORS), at: iso(at) }]));
    }
  }
}

// ------------------------------------------------------------------ remote commands

type CommandEnd = 'scheduled' | 'sent' | 'running' | { result: number; message: string | null; after: number };
const ok = (after = 40_000) => ({ result: COMMAND_RESULT.success, message: null, after });

/** Commands of the week, oldest first: every status a command can have, on Acme's machines and one of Bravo's. */
const STORY_COMMANDS: ReadonlyArray<{ serial: string; type: number; params?: Record<string, unknown>; ago: number; by: string; end: CommandEnd }> = [
  { serial: 'CENG-00000001', type: 1, ago: 6 * DAY + 3 * HOUR, by: 'merchant.admin@demo.local', end: ok() },
  {
    serial: 'CENG-00000005',
    type: 12,
    params: {
      prices: [
        { line: 12, priceTable: 1, value: 120 },
        { line: 14, priceTable: 1, value: 150 },
      ],
    },
    ago: 6 * DAY,
    by: 'merchant.admin@demo.local',
    end: ok(65_000),
  },
  {
    serial: 'CENG-00000002',
    type: 14,
    params: { version: '3.4.1+112' },
    ago: 5 * DAY + 20 * HOUR,
    by: 'merchant.admin@demo.local',
    end: { result: COMMAND_RESULT.unspecifiedError, message: 'firmware image checksum mismatch', after: 4 * MINUTE },
  },
  { serial: 'CENG-00000002', type: 14, params: { version: '3.4.1+112' }, ago: 5 * DAY + 19 * HOUR, by: 'merchant.admin@demo.local', end: ok(6 * MINUTE) },
  { serial: 'CHEX-00000013', type: 3, ago: 5 * DAY + 2 * HOUR, by: 'bravo.admin@demo.local', end: ok() },
  {
    serial: 'CUNI-00000009',
    type: 11,
    ago: 4 * DAY + 5 * HOUR,
    by: 'merchant.user@demo.local',
    end: { result: COMMAND_RESULT.unspecifiedWarning, message: 'bill validator did not answer; coin audit only', after: 90_000 },
  },
  { serial: 'CENG-00000004', type: 6, params: { amount: 200 }, ago: 4 * DAY, by: 'group.admin@demo.local', end: ok(20_000) },
  {
    serial: 'CENG-00000008',
    type: 17,
    params: { peripheral: 'cashless2', version: '1.9.0' },
    ago: 3 * DAY + 6 * HOUR,
    by: 'merchant.admin@demo.local',
    end: { result: COMMAND_RESULT.idNotSupported, message: 'no cashless2 on this machine', after: 15_000 },
  },
  { serial: 'CENG-00000006', type: 5, ago: 3 * DAY + 1 * HOUR, by: 'merchant.admin@demo.local', end: ok(3 * MINUTE) },
  { serial: 'CHEX-00000014', type: 13, params: { values: { 'display.language': 'es' } }, ago: 2 * DAY + 9 * HOUR, by: 'bravo.admin@demo.local', end: ok() },
  {
    serial: 'CENG-00000007',
    type: 2,
    ago: OFFLINE_SINCE - 2 * HOUR,
    by: 'merchant.admin@demo.local',
    end: { result: COMMAND_RESULT.retriesExceeded, message: 'no answer from the device', after: 3 * MINUTE },
  },
  {
    serial: 'CENG-00000003',
    type: 4,
    ago: 27 * HOUR,
    by: 'group.admin@demo.local',
    end: { result: COMMAND_RESULT.expired, message: 'no result in time', after: HOUR },
  },
  {
    serial: 'CUNI-00000010',
    type: 7,
    params: { configurationId: 'summer-prices' },
    ago: 26 * HOUR,
    by: 'merchant.admin@demo.local',
    end: { result: COMMAND_RESULT.cancelledByUser, message: 'cancelled by merchant.admin@demo.local', after: 10 * MINUTE },
  },
  { serial: 'CENG-00000002', type: 10, ago: 13 * HOUR, by: 'merchant.admin@demo.local', end: ok() },
  { serial: 'CENG-00000001', type: 1, ago: 2 * HOUR + 10 * MINUTE, by: 'group.admin@demo.local', end: ok(30_000) },
  { serial: 'CENG-00000003', type: 14, params: { version: '3.5.0+120' }, ago: 2 * HOUR, by: 'merchant.admin@demo.local', end: 'scheduled' },
  { serial: 'CENG-00000005', type: 16, params: { version: '2026.11' }, ago: 8 * MINUTE, by: 'merchant.admin@demo.local', end: 'running' },
  { serial: 'CENG-00000004', type: 1, ago: 20_000, by: 'group.admin@demo.local', end: 'sent' },
];

/** The stored command of a story entry at its final (or pending) state; `end` says how it is written. */
function storyCommand(
  i: number,
  anchor: number,
  settings: CommandSettings,
): { command: StoredCommand; outcome?: Pick<StoredCommand, 'status' | 'result' | 'message' | 'endAt'> } {
  const s = STORY_COMMANDS[i]!;
  const m = DEMO_MACHINES.find((d) => d.serial === s.serial)!;
  const createdAt = anchor - s.ago;
  const base = {
    id: newCommandId(iso(createdAt), `de${String(i).padStart(10, '0')}`),
    serial: m.serial,
    posName: m.name,
    merchantId: m.merchantId,
    groupId: m.groupId,
    type: s.type,
    params: s.params ?? {},
    result: null,
    message: null,
    createdAt: iso(createdAt),
    createdBy: s.by,
    endAt: null,
  };
  if (s.end === 'scheduled') {
    const scheduledAt = iso((Math.floor((anchor + HOUR) / DAY) + 1) * DAY + 3 * HOUR);
    return { command: { ...base, status: COMMAND_STATUS.scheduled, scheduledAt, startAt: null, attempts: 0, dueAt: scheduledAt } };
  }
  const sent = { ...base, scheduledAt: null, startAt: iso(createdAt), attempts: 1 };
  if (s.end === 'sent') return { command: { ...sent, status: COMMAND_STATUS.scheduled, dueAt: iso(createdAt + settings.retryAfterSeconds * 1000) } };
  if (s.end === 'running') return { command: { ...sent, status: COMMAND_STATUS.running, dueAt: iso(createdAt + settings.expireAfterSeconds * 1000) } };
  const { result, message, after } = s.end;
  const neverSent = result === COMMAND_RESULT.cancelledByUser;
  const attempts = result === COMMAND_RESULT.retriesExceeded ? settings.maxAttempts : 1;
  // Written pending, due only after the seed, then finished: the delivery sweep never sees it meanwhile.
  return {
    command: { ...sent, status: COMMAND_STATUS.scheduled, ...(neverSent ? { startAt: null, attempts: 0 } : { attempts }), dueAt: iso(anchor + DAY) },
    outcome: { status: finalStatusOf(result), result, message, endAt: iso(createdAt + after) },
  };
}

/** Writes the story's commands; returns how many are stored. */
async function seedCommands(deps: DemoHistoryDeps, anchor: number): Promise<number> {
  let stored = 0;
  for (let i = 0; i < STORY_COMMANDS.length; i++) {
    const { command, outcome } = storyCommand(i, anchor, deps.config.commands);
    const existing = await deps.remoteCommands.get(command.merchantId, command.serial, command.id);
    // A `.local/` kept from before the demo week may hold a user's pending command of the same type: that one stays.
    if (!existing && (await deps.remoteCommands.create(command)).kind !== 'created') continue;
    if (outcome && (!existing || existing.status === command.status)) await deps.remoteCommands.finish(command, 'pending', outcome);
    stored++;
  }
  return stored;
}

// ------------------------------------------------------------------ the seed

/** The story's alarms a user repaired (after ingestion raised them). */
async function repairStoryAlarms(ingestion: IngestionDeps, anchor: number): Promise<void> {
  for (const s of STORY_ALARMS) {
    if (!s.repaired) continue;
    const m = DEMO_MACHINES.find((d) => d.serial === s.serial)!;
    const device = { serial: m.serial, merchantId: m.merchantId, groupId: m.groupId };
    const open = await ingestion.alarms.openAlarm(device, s.code);
    if (open?.createdAt === iso(anchor - s.raisedAgo))
      await ingestion.alarms.close(device, open, { status: 'repairedManually', at: iso(anchor - s.repaired.ago), by: s.repaired.by });
  }
}

async function ingest(ingestion: IngestionDeps, kind: IngestedKind, events: readonly object[], nowMs: number): Promise<void> {
  if (!events.length) return;
  const outcome = await ingestBatch(kind, events, { ...ingestion, nowMs: () => nowMs });
  if (outcome.failed.length || outcome.keptAside) throw new Error(`demo ${kind}: ${outcome.failed.length} failed, ${outcome.keptAside} kept aside`);
}

/**
 * Back-fills the week before now for the demo machines (not the hidden one), once: the table remembers it.
 * `ingestion`: the ingestion triggers' dependencies (its store and alarm writer).
 */
export async function seedDemoHistory(deps: DemoHistoryDeps, ingestion: IngestionDeps): Promise<DemoHistoryOutcome> {
  const table = deps.config.tableName;
  const marker = (await deps.doc.send(new GetCommand({ TableName: table, Key: keys.demoHistory, ConsistentRead: true }))).Item;
  if (marker?.completedAt) return { skipped: true, messages: 0, commands: 0 };
  const anchor = typeof marker?.anchor === 'number' ? marker.anchor : Math.floor(Date.parse(deps.now()) / MINUTE) * MINUTE;
  if (!marker) await deps.doc.send(new PutCommand({ TableName: table, Item: { ...keys.demoHistory, anchor } }));
  // The weeks before, as the anomaly baselines' week items; once, before ingestion adds the demo week to them.
  if (!marker?.baselinesAt) {
    await seedDemoBaselines(deps.doc, table, anchor, anchor - WEEK);
    await deps.doc.send(
      new UpdateCommand({
        TableName: table,
        Key: keys.demoHistory,
        UpdateExpression: 'SET baselinesAt = :at',
        ExpressionAttributeValues: { ':at': deps.now() },
      }),
    );
  }

  const thresholds = new DynamoSensorThresholds(deps.doc, table);
  for (const t of DEMO_SENSOR_THRESHOLDS)
    if (!(await thresholds.get(t.model, t.name))) await thresholds.put({ ...t, submodule: submoduleOf(t.name)!, updatedAt: iso(anchor - WEEK) });
  const payments = new Map<string, SimulatedPayments>();
  const paymentsOf = (merchantId: string) => payments.get(merchantId) ?? payments.set(merchantId, new SimulatedPayments(merchantId)).get(merchantId)!;
  const weeks = DEMO_MACHINES.filter((m) => !m.hidden).map((m) => ({ m, ...machineWeek(m, anchor, paymentsOf(m.merchantId)) }));
  const all = (kind: IngestedKind, which = weeks) => which.flatMap((w) => w.events[kind]);
  const [live, silent] = [weeks.filter((w) => !w.m.offline), weeks.filter((w) => w.m.offline)];
  // Side by side, as the rule triggers run: ingestion's writes are guarded by the state they read.
  const [, , commands] = await Promise.all([
    Promise.all([
      ...(['sales', 'audit', 'config'] as const).map((kind) => ingest(ingestion, kind, all(kind), anchor)),
      ...(['sensors', 'cash-acceptance', 'cash-movements', 'device-errors'] as const).map((kind) => ingest(ingestion, kind, all(kind), anchor)),
      ingest(ingestion, 'telemetry', all('telemetry', live), anchor),
      // A silent machine went online at its last ping and offline a sweep window later.
      ...silent.map(async (w) => {
        await ingest(ingestion, 'telemetry', w.events.telemetry, w.lastPingAt + 1000);
        await ingestion.connections.goOffline(
          { serial: w.m.serial, merchantId: w.m.merchantId, groupId: w.m.groupId },
          anchor - ingestion.settings.offlineAfterSeconds * 1000,
        );
      }),
    ]),
    (async () => {
      await ingest(ingestion, 'alarms', all('alarms'), anchor);
      await repairStoryAlarms(ingestion, anchor);
    })(),
    seedCommands(deps, anchor),
  ]);

  await deps.doc.send(
    new UpdateCommand({ TableName: table, Key: keys.demoHistory, UpdateExpression: 'SET completedAt = :at', ExpressionAttributeValues: { ':at': deps.now() } }),
  );
  return { skipped: false, messages: weeks.reduce((n, w) => n + Object.values(w.events).reduce((k, e) => k + e.length, 0), 0), commands };
}
