/**
 * Device simulator: one real MQTT client per machine (MQTT 3.1.1, TCP no-delay, client id = serial, as
 * IoT Core requires), publishing on the DESIGN §6 topics with QoS 1: telemetry every few seconds, a sale
 * now and then, an audit occasionally (EVA-DTS text agreeing with its sales: DexBook), an initial audit at
 * start, its configuration at start and whenever a setting changes, and alarms: now and then a fault
 * from SIMULATED_ALARMS is raised, repeated while it lasts and cleared a few ticks later. It subscribes to
 * `vend/{serial}/commands`, executes each remote command and acknowledges it on `vend/{serial}/commands/ack`
 * (simulated-commands.ts: received, running, then a result; "id not supported" for types it lacks).
 *
 *   npm start                                     plays the demo machines (SIMULATED_SERIALS) with the stack
 *   tsx infra/local/simulator.ts --stack .local/stack.json                     the demo machines again
 *   tsx infra/local/simulator.ts --devices 200 --stack .local/stack.json --register acme-vending
 *        200 load-test machines CENG-90000001…; --register creates them first (through the machine
 *        repository: registry, record, counters) in that merchant; without it they must exist already,
 *        else every message is kept aside as "unknown-serial". Options: --interval <ms> (telemetry period),
 *        --first <n> (first serial number), --type <CODE>. Ctrl-C stops the clients cleanly.
 */
import { CURRENCY_DENOMINATIONS } from '#schemas/cash-messages';
import { CASH_DEVICE_TYPES, type CurrencyCode } from '#schemas/collections';
import { devicePublishTopic } from '#schemas/device-topics';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MqttClient, type IClientOptions } from 'mqtt';
import {
  type AlarmMessage,
  type AlarmPayload,
  type AuditMessage,
  type ConfigMessage,
  type IngestedKind,
  type SaleTransaction,
  type SalesMessage,
  type TelemetryMessage,
} from '#schemas/iot';
import { g85Of } from '../../functions/core/ingestion/eva-dts-integrity';
import { commandExecutor } from './simulated-commands';
import { SimulatedStock, type SimulatedLine } from './simulated-stock';
import { SimulatedMediaList } from './simulated-medias';
import { SimulatedPayments } from './simulated-payments';
import { SimulatedPrices } from './simulated-prices';
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
import type { StackInfo } from './stack-info';

// ---------------------------------------------------------------- messages (pure builders)

let sequence = 0;
/** A unique, url-safe message id (8–64 characters). */
export function newMessageId(prefix = 'm'): string {
  sequence = (sequence + 1) % 1e9;
  return `${prefix}-${Date.now().toString(36)}-${sequence.toString(36)}-${randomBytes(4).toString('hex')}`;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const iso = (ms = Date.now()) => new Date(ms).toISOString();

export function telemetryMessage(
  serial: string,
  o: Partial<{ sentAt: string; signalLevel: number; temperature: number; messageId: string; firmwareVersion: string; mediaListVersion: number }> = {},
): TelemetryMessage {
  const n = Number(serial.slice(-3)) || 1;
  return {
    messageId: o.messageId ?? newMessageId('tl'),
    serial,
    sentAt: o.sentAt ?? iso(),
    type: 'telemetry',
    payload: {
      signalLevel: o.signalLevel ?? Math.round(55 + 35 * Math.random()),
      temperature: o.temperature ?? Math.round((3 + 4 * Math.random()) * 10) / 10,
      connection: {
        networkType: n % 5 === 0 ? 'Wifi' : '4G',
        publicIp: `93.41.${n % 250}.${(n * 7) % 250}`,
        imei: `35693803${String(n).padStart(7, '0')}`,
        sim: { iccid: `893910452000${String(n).padStart(7, '0')}`, imsi: `2221045${String(n).padStart(8, '0')}`, operator: 'TIM' },
      },
      firmwareVersion: o.firmwareVersion ?? '3.4.1+112',
      boards: { board: 'NBL-MB-200 rev C', modem: 'Quectel EG91', telemetryBoard: 'NBL-TB-10' },
      ...(o.mediaListVersion !== undefined ? { mediaListVersion: o.mediaListVersion } : {}),
    },
  };
}

export function saleTransaction(o: Partial<SaleTransaction> = {}): SaleTransaction {
  const line = Math.floor(1 + Math.random() * 30);
  return {
    id: `T${randomBytes(5).toString('hex')}`,
    type: pick([2, 3, 3, 1] as const),
    line,
    productCode: `P${String(line).padStart(2, '0')}`,
    priceTable: pick([1, 2, 6] as const),
    value: pick([80, 90, 120, 150, 200]),
    currency: 'EUR',
    mediaType: pick([252, 2, 90] as const),
    createdAt: iso(),
    ...o,
  };
}

export function salesMessage(
  serial: string,
  transactions: SaleTransaction[] = [saleTransaction()],
  o: Partial<{ messageId: string; sentAt: string }> = {},
): SalesMessage {
  return { messageId: o.messageId ?? newMessageId('sl'), serial, sentAt: o.sentAt ?? iso(), type: 'sales', payload: { transactions } };
}

/** Tube coins of a coin changer, largest first (EVA-DTS CA17 coin types 0–3, EUR cents). */
const COINS = [50, 20, 10, 5] as const;

function addVend(counter: { value: number; count: number }, value: number): void {
  counter.value += value;
  counter.count++;
}

type Vends = { value: number; count: number };

/** A product's sales through one payment device (PA7: CA cash, DA cashless 1) at one price list. */
interface ProductSales extends Vends {
  product: string;
  device: 'CA' | 'DA';
  priceList: number;
  price: number;
}

/**
 * A machine's EVA-DTS counters, moved by the sales it publishes, so its audits agree with its sales:
 * every sale is a paid vend (VA1, PA2 per product, PA7 per product × device × price list, LA1); a cash sale
 * (media 252) is cash in (CA2, CA3): its whole coins of 1 € and more go to the cash box, the rest fills the
 * tubes (CA15, CA17); any other is a cashless 1 sale (DA2). The sale's price table is the price list.
 * The counters since initialisation start from a machine's past (VA1 = CA2 + DA2); the product counters
 * start with the book.
 */
export class DexBook {
  /** The ISO 4217 numeric code of the currency the book counts in (ID402 `1` + code, ID403 letters). */
  private static readonly ISO_NUMBER = { EUR: '978', COP: '170' } as const;

  constructor(private readonly currency: keyof typeof DexBook.ISO_NUMBER = 'EUR') {}

  private readonly init = {
    paid: { value: 184_560, count: 1_538 },
    cash: { value: 96_360, count: 803 },
    cashless: { value: 88_200, count: 735 },
    toBox: 70_100,
    toTubes: 26_260,
    dispensed: 33_800,
    reads: 213,
  };
  private readonly reset = { paid: { value: 0, count: 0 }, cash: { value: 0, count: 0 }, cashless: { value: 0, count: 0 }, toBox: 0, toTubes: 0 };
  private readonly tubes = new Map<number, number>([
    [50, 12],
    [20, 30],
    [10, 25],
    [5, 18],
  ]);
  private readonly sales = new Map<string, ProductSales>();
  /** The machine's price lists, when it has them (a demo machine with a planogram): then they are its LA1 records. */
  prices?: SimulatedPrices;

  record(t: SaleTransaction): void {
    // Only paid vends: recharges, bonus credit and the like move no product.
    if (t.freeSale || t.errorSale || ![1, 2, 3, 11, 13].includes(t.type)) return;
    addVend(this.init.paid, t.value);
    addVend(this.reset.paid, t.value);
    const device = t.mediaType === 252 ? 'CA' : 'DA';
    const key = `${t.productCode}*${device}*${t.priceTable}`;
    const s = this.sales.get(key) ?? { product: t.productCode, device, priceList: t.priceTable, price: t.value, value: 0, count: 0 };
    this.sales.set(key, { ...s, price: t.value, value: s.value + t.value, count: s.count + 1 });
    if (device === 'DA') {
      addVend(this.init.cashless, t.value);
      addVend(this.reset.cashless, t.value);
      return;
    }
    addVend(this.init.cash, t.value);
    addVend(this.reset.cash, t.value);
    const toTubes = t.value % 100;
    this.init.toBox += t.value - toTubes;
    this.reset.toBox += t.value - toTubes;
    this.init.toTubes += toTubes;
    this.reset.toTubes += toTubes;
    let rest = toTubes;
    for (const coin of COINS) for (; rest >= coin; rest -= coin) this.tubes.set(coin, this.tubes.get(coin)! + 1);
  }

  /** What the coin tubes hold (CA15), in minor units. */
  tubeValue(): number {
    return [...this.tubes].reduce((sum, [coin, n]) => sum + coin * n, 0);
  }

  /** PA1, PA2 and PA7 of each product; its price is the cash price list's when it has one. */
  private productLines(): string[] {
    const sales = [...this.sales.values()].sort((a, b) => a.product.localeCompare(b.product) || a.device.localeCompare(b.device) || a.priceList - b.priceList);
    const products = [...new Set(sales.map((s) => s.product))];
    return products.flatMap((product) => {
      const mine = sales.filter((s) => s.product === product);
      const paid = mine.reduce((sum, s) => ({ value: sum.value + s.value, count: sum.count + s.count }), { value: 0, count: 0 });
      const price = (mine.find((s) => s.device === 'CA') ?? mine[0]!).price;
      return [
        `PA1*${product}*${price}`,
        `PA2*${paid.count}*${paid.value}*${paid.count}*${paid.value}`,
        ...mine.map((s) => `PA7*${product}*${s.device}*${s.priceList}*${s.price}*${s.count}*${s.value}*${s.count}*${s.value}`),
      ];
    });
  }

  /** LA1 of each price list and product: its price and vends. */
  private priceListLines(): string[] {
    const lists = new Map<string, { priceList: number; product: string; price: number; count: number }>();
    for (const s of this.sales.values()) {
      const key = `${s.priceList}*${s.product}`;
      const l = lists.get(key) ?? { priceList: s.priceList, product: s.product, price: s.price, count: 0 };
      lists.set(key, { ...l, count: l.count + s.count });
    }
    return [...lists.values()]
      .sort((a, b) => a.priceList - b.priceList || a.product.localeCompare(b.product))
      .map((l) => `LA1*${l.priceList}*${l.product}*${l.price}*${l.count}*${l.count}`);
  }

  /** The audit text (6.2 framing, CR LF, G85 CRC and SE count) of a read at `readAt`. */
  text(serial: string, readAt: string): string {
    this.init.reads++;
    const { init: i, reset: r } = this;
    const day = readAt.slice(0, 10).replace(/-/g, '');
    const time = readAt.slice(11, 19).replace(/:/g, '');
    const set = [
      'ST*001*0001',
      `ID1*${serial.replace('-', '')}*NBL200*0001**0`,
      `ID4*2*1${DexBook.ISO_NUMBER[this.currency]}*${this.currency}`,
      `ID5*${day}*${time}`,
      `VA1*${i.paid.value}*${i.paid.count}*${r.paid.value}*${r.paid.count}`,
      `CA2*${i.cash.value}*${i.cash.count}*${r.cash.value}*${r.cash.count}`,
      `CA3*${r.toBox + r.toTubes}*${r.toBox}*${r.toTubes}*0*${i.toBox + i.toTubes}*${i.toBox}*${i.toTubes}*0*0*0`,
      `CA4*0*0*${i.dispensed}*0`,
      `CA15*${this.tubeValue()}`,
      ...[...COINS].reverse().map((coin, n) => `CA17*${String(n).padStart(2, '0')}*${coin}*${this.tubes.get(coin)}`),
      'DA1*NBLCL0000001*NBL-CASHLESS*0100',
      `DA2*${i.cashless.value}*${i.cashless.count}*${r.cashless.value}*${r.cashless.count}`,
      ...this.productLines(),
      ...(this.prices?.size ? this.prices.priceListLines() : this.priceListLines()),
      `EA3*${i.reads}*${day}*${time}`,
    ];
    const sealed = `${set.join('\r\n')}\r\n`;
    return ['DXS*NBL0000001*VA*V1/1*1', `${sealed}G85*${g85Of(sealed)}`, `SE*${set.length + 2}*0001`, 'DXE*1*1', ''].join('\r\n');
  }
}

export function auditMessage(
  serial: string,
  o: Partial<{ messageId: string; readAt: string; origin: number; dex: string | null; sentAt: string }> = {},
): AuditMessage {
  const readAt = o.readAt ?? iso();
  const dex = o.dex === undefined ? new DexBook().text(serial, readAt) : o.dex;
  return {
    messageId: o.messageId ?? newMessageId('au'),
    serial,
    sentAt: o.sentAt ?? iso(),
    type: 'audit',
    payload: { readAt, origin: o.origin ?? 2, port: 'machine', ...(dex === null ? {} : { dex }) },
  };
}

const DEFAULT_CONFIG: Readonly<Record<string, string>> = {
  'telemetry.pingSeconds': '5',
  'audit.scheduledHours': '6',
  'display.language': 'it',
  'display.brightness': '80',
};

/** A setting changed on the machine's keypad: the brightness moves, or the language switches. */
function changedConfig(values: Record<string, string>): Record<string, string> {
  if (Math.random() < 0.5) return { ...values, 'display.brightness': String(10 * (1 + Math.floor(Math.random() * 10))) };
  return { ...values, 'display.language': values['display.language'] === 'it' ? 'en' : 'it' };
}

export function configMessage(
  serial: string,
  values: Record<string, string> = { ...DEFAULT_CONFIG },
  o: Partial<{ messageId: string; reportedAt: string }> = {},
): ConfigMessage {
  return { messageId: o.messageId ?? newMessageId('cf'), serial, sentAt: iso(), type: 'config', payload: { reportedAt: o.reportedAt ?? iso(), values } };
}

/** Alarm codes the simulated machines raise (the demo catalogue has master alarms for them). */
export const SIMULATED_ALARMS: ReadonlyArray<Pick<AlarmPayload, 'code' | 'detail'>> = [
  { code: 'E-COIN-JAM', detail: 'coin mechanism: a tube is blocked' },
  { code: 'E-DOOR-OPEN', detail: 'service door open' },
  { code: 'W-LOW-CHANGE', detail: 'change tubes below their minimum' },
  { code: 'E-COOLING', detail: 'cooling unit above its set point' },
  { code: 'N-FILTER', detail: 'water filter due for replacement' },
];

export function alarmMessage(
  serial: string,
  payload: Pick<AlarmPayload, 'code'> & Partial<AlarmPayload>,
  o: Partial<{ messageId: string; sentAt: string }> = {},
): AlarmMessage {
  return {
    messageId: o.messageId ?? newMessageId('al'),
    serial,
    sentAt: o.sentAt ?? iso(),
    type: 'alarms',
    payload: { state: 'raised', at: iso(), ...payload },
  };
}

// ---------------------------------------------------------------- devices

/** An MQTT client to the local broker with TCP no-delay (mqtt.js does not set it). */
export function connectMqtt(mqttUrl: string, clientId: string, extra: IClientOptions = {}): Promise<MqttClient> {
  const url = new URL(mqttUrl);
  const options: IClientOptions = { protocolVersion: 4, clientId, clean: true, reconnectPeriod: 1000, connectTimeout: 10_000, keepalive: 60, ...extra };
  const client = new MqttClient(() => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 1883) });
    socket.setNoDelay(true);
    return socket;
  }, options);
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('connect', () => {
      client.off('error', onError);
      // Once connected, a socket error (the broker dropped the connection: another one with this client id, a publish
      // it refused) is a lost connection, as for a machine: mqtt.js reconnects. Unheard, the error would be thrown.
      client.on('error', () => undefined);
      resolve(client);
    });
    client.once('error', onError);
  });
}

export interface SimulatedDevice {
  serial: string;
  client: MqttClient;
  /** Publishes a message on its kind's topic as a machine does (Basic Ingest where the topic has it: schemas/device-topics.ts; QoS 1; resolves on PUBACK). */
  publish(kind: IngestedKind | 'commands/ack', message: object): Promise<void>;
  /** Publishes any payload on any topic (malformed messages in tests). */
  publishRaw(topic: string, payload: string | Buffer): Promise<void>;
  acknowledged: number;
  /** The machine's EVA-DTS counters (startFleet), used by the audits remote commands ask for. */
  book?: DexBook;
  /** Active alarms the device publishes again when a remote command asks to read them. */
  activeAlarms?: () => object[];
  /** What a machine with a planogram still holds (startFleet with `planograms`): its sales come from it. */
  stock?: SimulatedStock;
  /** The price lists a send-prices command sets (startFleet). */
  prices?: SimulatedPrices;
  /** The merchant's media list the machine holds (blocked and lost keys, cloud credit), from `vend/{serial}/medias`. */
  mediaList: SimulatedMediaList;
  /** The firmware it runs once an update installed one (its pings report it; the default before). */
  firmwareVersion?: string;
  /** Told to fail its firmware updates (simulated-firmware.ts). */
  failFirmware?: boolean;
  /** Settings it runs beyond the defaults (FleetOptions.initialConfig). */
  startConfig?: Record<string, string>;
}

const executeCommand = commandExecutor({
  newMessageId,
  auditMessage,
  configMessage,
  telemetryMessage,
  salesMessage,
  saleTransaction,
  defaultConfig: DEFAULT_CONFIG,
});

export async function connectDevice(mqttUrl: string, serial: string): Promise<SimulatedDevice> {
  const client = await connectMqtt(mqttUrl, serial);
  const device: SimulatedDevice = {
    serial,
    client,
    acknowledged: 0,
    mediaList: new SimulatedMediaList(),
    publish: async (kind, message) => void (await client.publishAsync(devicePublishTopic(serial, kind), JSON.stringify(message), { qos: 1 })),
    publishRaw: async (topic, payload) => void (await client.publishAsync(topic, payload, { qos: 1 })),
  };
  client.on('message', (topic, payload) => {
    if (topic === `vend/${serial}/medias`) {
      try {
        device.mediaList.receive(JSON.parse(payload.toString()));
      } catch {
        /* not a media list: ignored, as a machine would */
      }
      return;
    }
    if (topic !== `vend/${serial}/commands`) return;
    executeCommand(device, payload).then(
      () => void device.acknowledged++,
      () => undefined,
    );
  });
  await client.subscribeAsync([`vend/${serial}/commands`, `vend/${serial}/medias`], { qos: 1 });
  return device;
}

export interface FleetOptions {
  mqttUrl: string;
  serials: readonly string[];
  /** Telemetry period per device (default 5 s; each device starts at a random offset). */
  telemetryIntervalMs?: number;
  /** Chance of a sales message after each telemetry (default 0.25). */
  saleProbability?: number;
  /** Serials that ping but never sell (the demo's silent machine: its no-sales anomaly stays open). */
  silent?: ReadonlySet<string>;
  /** Serials told to fail the firmware updates they are sent (simulated-firmware.ts): a rollout shows failures. */
  failFirmware?: ReadonlySet<string>;
  /** Chance of an audit after each telemetry (default 0.01). */
  auditProbability?: number;
  /** Chance of a configuration change (reported at once) after each telemetry (default 0.005). */
  configChangeProbability?: number;
  /** Chance of raising an alarm after each telemetry while none is open (default 0.01); it repeats and clears within ~3–12 ticks. */
  alarmProbability?: number;
  /** The prices a machine starts with (the demo's), reported as LA1 in its audits; none: LA1 of what it sold. */
  initialPrices?: (serial: string) => ReadonlyArray<{ line: string; priceTable: number; value: number }>;
  onError?: (error: unknown, serial: string) => void;
  /** Planogram lines by serial: those machines sell from their lines (simulated-stock.ts). */
  planograms?: ReadonlyMap<string, readonly SimulatedLine[]>;
  /** The merchant of a serial, whose demo keys its sales use (simulated-payments.ts); default one pool for all. */
  merchantOf?: (serial: string) => string | undefined;
  /** The currency of a serial's merchant, for its coins and notes (default EUR). */
  currencyOf?: (serial: string) => CurrencyCode | undefined;
  /** Per tick: a cash machine's sensor readings and its validators' acceptance (every machine's coins); default 0.05. */
  cashProbability?: number;
  /** Settings a machine runs beyond the defaults (the demo's VP configuration it was sent), reported from its start. */
  initialConfig?: (serial: string) => Record<string, string> | undefined;
}

export interface Fleet {
  devices: SimulatedDevice[];
  published(): number;
  stop(): Promise<void>;
}

/** Connects every device, reports its configuration, then plays telemetry/sales/audits and configuration changes until stopped. */
export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const interval = o.telemetryIntervalMs ?? 5000;
  const devices: SimulatedDevice[] = [];
  const timers: NodeJS.Timeout[] = [];
  let published = 0;
  let stopped = false;
  const send = (d: SimulatedDevice, kind: IngestedKind, message: object) =>
    d.publish(kind, message).then(
      () => void published++,
      (error: unknown) => o.onError?.(error, d.serial),
    );
  try {
    for (let i = 0; i < o.serials.length; i += 20) devices.push(...(await Promise.all(o.serials.slice(i, i + 20).map((s) => connectDevice(o.mqttUrl, s)))));
  } catch (error) {
    await Promise.all(devices.map((d) => d.client.endAsync()));
    throw error;
  }
  const payments = new Map<string, SimulatedPayments>();
  const paymentsOf = (serial: string) => {
    const merchantId = o.merchantOf?.(serial) ?? 'simulated';
    return payments.get(merchantId) ?? payments.set(merchantId, new SimulatedPayments(merchantId)).get(merchantId)!;
  };
  for (const d of devices) {
    if (o.failFirmware?.has(d.serial)) d.failFirmware = true;
    const book = new DexBook();
    d.book = book;
    const lines = o.planograms?.get(d.serial);
    if (lines) d.stock = new SimulatedStock(lines);
    d.prices = book.prices = new SimulatedPrices(o.initialPrices?.(d.serial));
    const audit = (origin: number) => {
      const readAt = iso();
      return auditMessage(d.serial, { readAt, origin, dex: book.text(d.serial, readAt) });
    };
    d.startConfig = o.initialConfig?.(d.serial);
    let config = { ...DEFAULT_CONFIG, ...d.startConfig };
    let alarm: { code: string; detail?: string; ticksLeft: number } | undefined;
    d.activeAlarms = () => (alarm ? [alarmMessage(d.serial, { code: alarm.code, detail: alarm.detail, remainingCycles: alarm.ticksLeft * 10 })] : []);
    void send(d, 'config', configMessage(d.serial, config));
    // An initial audit at start, so the console has cash figures at once.
    void send(d, 'audit', audit(5));
    const tick = () => {
      if (stopped) return;
      void send(d, 'telemetry', telemetryMessage(d.serial, { mediaListVersion: d.mediaList.version, firmwareVersion: d.firmwareVersion }));
      if (Math.random() < (o.configChangeProbability ?? 0.005)) {
        config = changedConfig(config);
        void send(d, 'config', configMessage(d.serial, config));
      }
      if (!o.silent?.has(d.serial) && Math.random() < (o.saleProbability ?? 0.25)) {
        const sales = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
          const value = pick([80, 90, 120, 150, 200]);
          const { vend, ...paid } = paymentsOf(d.serial).next(Math.random, d.serial, value);
          const sold = vend ? (d.stock ? d.stock.sell() : {}) : {};
          return sold ? [saleTransaction({ ...sold, value, ...paid })] : [];
        }).flat();
        for (const t of sales) book.record(t);
        if (sales.length) void send(d, 'sales', salesMessage(d.serial, sales));
      }
      if (Math.random() < (o.auditProbability ?? 0.01)) void send(d, 'audit', audit(2));
      if (Math.random() < (o.cashProbability ?? 0.05))
        for (const [kind, message] of cashMessages(d.serial, o.currencyOf?.(d.serial) ?? 'EUR')) void send(d, kind, message);
      if (alarm && --alarm.ticksLeft <= 0) {
        void send(d, 'alarms', alarmMessage(d.serial, { code: alarm.code, state: 'cleared' }));
        alarm = undefined;
      } else if (alarm && Math.random() < 0.3) {
        void send(d, 'alarms', alarmMessage(d.serial, { code: alarm.code, detail: alarm.detail, remainingCycles: alarm.ticksLeft * 10 }));
      } else if (!alarm && Math.random() < (o.alarmProbability ?? 0.01)) {
        alarm = { ...pick(SIMULATED_ALARMS), ticksLeft: 3 + Math.floor(Math.random() * 10) };
        void send(d, 'alarms', alarmMessage(d.serial, { code: alarm.code, detail: alarm.detail, remainingCycles: alarm.ticksLeft * 10 }));
      }
    };
    const start = setTimeout(
      () => {
        tick();
        timers.push(setInterval(tick, interval));
      },
      Math.random() * Math.min(interval, 2000),
    );
    timers.push(start);
  }
  return {
    devices,
    published: () => published,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(devices.map((d) => d.client.endAsync().catch(() => undefined)));
    },
  };
}

/** A live tick's cash data (simulated-cash.ts), where the demo's week left it (the drifting machine dirty, the rejecting one at 20 %): sensor readings and acceptance of a cash machine, coin acceptance of a vending one, now and then a movement or a device error. */
function cashMessages(serial: string, currency: CurrencyCode): Array<[IngestedKind, object]> {
  const now = Date.now();
  const cash = (CASH_DEVICE_TYPES as readonly string[]).includes(serial.slice(0, 4));
  const out: Array<[IngestedKind, object]> = [];
  const { accepted, rejected } = acceptanceHour(Math.random, currency, cash ? 6 : 2, serial === DEMO_REJECTING ? 0.28 : cash ? 0.04 : 0.02, cash);
  if (accepted.length + rejected.length)
    out.push(['cash-acceptance', acceptanceMessage(serial, newMessageId('ca'), { fromMs: now - 60_000, toMs: now }, currency, accepted, rejected)]);
  if (!cash) return out;
  out.push(['sensors', sensorsMessage(serial, newMessageId('sn'), now, cashSensorReadings(Math.random, serial === DEMO_DRIFTING, 1))]);
  const unit = CURRENCY_DENOMINATIONS[currency].coin.at(-1)!;
  if (Math.random() < 0.2)
    out.push(['cash-movements', movementsMessage(serial, newMessageId('cm'), currency, [movement('changeGiven', now, currency, unit * 2)])]);
  if (Math.random() < 0.02) out.push(['device-errors', deviceErrorsMessage(serial, newMessageId('de'), [{ ...pick(DEMO_DEVICE_ERRORS), at: iso(now) }])]);
  return out;
}

// ---------------------------------------------------------------- CLI

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export function loadSerials(count: number, type = 'CENG', first = 90_000_001): string[] {
  return Array.from({ length: count }, (_, i) => `${type}-${String(first + i).padStart(8, '0')}`);
}

/** Registers load-test machines through the machine repository of the stack in `info` (local only). */
export async function registerMachines(info: StackInfo, merchantId: string, serials: readonly string[]): Promise<number> {
  for (const url of [info.dynamodb]) {
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`refusing to register machines on a non-local endpoint: ${url}`);
  }
  const [{ localRepositories }, { loadConfig }, { newPosRecord }] = await Promise.all([
    import('./repositories'),
    import('../../functions/runtime/config'),
    import('../../functions/core/devices/use-cases'),
  ]);
  const deps = localRepositories(
    loadConfig({
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: info.tableName,
      DYNAMODB_ENDPOINT: info.dynamodb,
      COGNITO_USER_POOL_ID: info.cognito.userPoolId,
      COGNITO_CLIENT_ID: info.cognito.clientId,
      COGNITO_ENDPOINT: info.cognito.endpoint,
    }),
  );
  let created = 0;
  const now = deps.now();
  for (let i = 0; i < serials.length; i += 10) {
    await Promise.all(
      serials.slice(i, i + 10).map(async (serial) => {
        if (await deps.pos.registration(serial)) return;
        await deps.pos.create(newPosRecord({ serial, merchantId, name: `Load ${serial}`, now }));
        created++;
      }),
    );
  }
  deps.doc.destroy();
  return created;
}

async function main(): Promise<void> {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const args = process.argv.slice(2);
  const info = JSON.parse(readFileSync(argValue(args, 'stack') ?? '.local/stack.json', 'utf8')) as StackInfo;
  const count = argValue(args, 'devices');
  let serials: string[];
  if (count) {
    serials = loadSerials(Number(count), argValue(args, 'type') ?? 'CENG', Number(argValue(args, 'first') ?? 90_000_001));
    const merchantId = argValue(args, 'register');
    if (merchantId) process.stdout.write(`registered ${await registerMachines(info, merchantId, serials)} new machines in ${merchantId}\n`);
  } else {
    serials = (await import('./demo-data')).SIMULATED_SERIALS;
  }
  const fleet = await startFleet({
    mqttUrl: info.mqtt,
    serials,
    telemetryIntervalMs: Number(argValue(args, 'interval') ?? 5000),
    merchantOf: () => argValue(args, 'register'),
    onError: (error, serial) => process.stderr.write(`${serial}: ${String((error as Error)?.message ?? error)}\n`),
  });
  process.stdout.write(`simulating ${fleet.devices.length} devices on ${info.mqtt}; Ctrl-C stops\n`);
  const report = setInterval(() => process.stdout.write(`published ${fleet.published()} messages\n`), 30_000);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
