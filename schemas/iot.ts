import * as z from 'zod/mini';
import { numberIn } from './number-enum';
import { AUDIT_ORIGINS, AUDIT_PORTS, COMMAND_RESULTS, MAX_DEVICE_MESSAGE_BYTES } from './iot-constants';
import { AlarmCategory, AlarmCode, AlarmCriticity } from './alarm-code';
import { CashAcceptancePayload, CashMovementsPayload, DeviceErrorsPayload, SensorsPayload } from './cash-messages';
import { CurrencyCode } from './currency';
import { NetworkType, Serial } from './pos-entity';
import { EXTERNAL_SERVICES, MEDIA_ID_PATTERN, MEDIA_SERIAL_PATTERN, MEDIA_TYPES, SOURCE_TYPES, TRANSACTION_TYPES } from './transaction-constants';

export { AUDIT_ORIGINS, AUDIT_PORTS, COMMAND_RESULTS, DEVICE_MESSAGE_TYPES, MAX_CLOUD_MESSAGE_BYTES, MAX_DEVICE_MESSAGE_BYTES } from './iot-constants';

/** Every message is this envelope; `messageId` makes ingestion idempotent (QoS 1 duplicates are normal). */
export function envelope<T extends string, P extends z.core.$ZodType>(type: T, payload: P) {
  return z.strictObject({
    messageId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'messageId: 8–64 url-safe characters')),
    serial: Serial,
    sentAt: z.iso.datetime({ offset: true }),
    type: z.literal(type),
    payload,
  });
}

// ---------------------------------------------------------------- device → cloud payloads (ingestion)

const isoTime = z.iso.datetime({ offset: true });
const text = (max: number, min = 0) => z.string().check(z.minLength(min), z.maxLength(max));
const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
const oneOf = <T extends number>(values: readonly T[], what: string) => numberIn(values, `unknown ${what}`);

export { MEDIA_TYPES, SOURCE_TYPES, TRANSACTION_TYPES } from './transaction-constants';
export const MAX_SALES_PER_MESSAGE = 200;
export const MAX_CONFIG_VALUES = 500;

/** Telemetry (the ping): radio, temperature, how the device is connected, what it runs. */
export const TelemetryPayload = z.strictObject({
  signalLevel: int(0, 100),
  /** °C, one decimal is enough; the sensor range of the boards. */
  temperature: z.number().check(z.gte(-40), z.lte(125)),
  connection: z.strictObject({
    networkType: NetworkType,
    publicIp: z.union([z.ipv4(), z.ipv6()]),
    imei: z.optional(z.string().check(z.regex(/^\d{15}$/, 'IMEI: 15 digits'))),
    sim: z.optional(
      z.strictObject({
        iccid: z.string().check(z.regex(/^\d{18,20}F?$/, 'ICCID: 18–20 digits')),
        imsi: z.string().check(z.regex(/^\d{6,15}$/, 'IMSI: up to 15 digits')),
        operator: text(64),
      }),
    ),
    macs: z.optional(z.array(z.string().check(z.regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'MAC address'))).check(z.maxLength(8))),
  }),
  firmwareVersion: text(32, 1),
  boards: z.strictObject({
    board: z.optional(text(64)),
    modem: z.optional(text(64)),
    telemetryBoard: z.optional(text(64)),
  }),
  /** The version of the merchant's media list (blocked media, cloud credit) the machine holds; older → the cloud sends the list (schemas/media.ts MediaListMessage). */
  mediaListVersion: z.optional(int(0, 2_000_000_000)),
});
export type TelemetryPayload = z.infer<typeof TelemetryPayload>;

const money = () => int(-1_000_000_000, 1_000_000_000);
const transactionId = () => z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'transaction id: 1–64 url-safe characters'));

/**
 * The cashless media a transaction used or recharged (issue 20): `id` as the reader sees it, the printed `serial`
 * (all F = unset), the key credit left after this transaction and the media's own transaction counter (minor
 * units). Its type is the transaction's `mediaType`.
 */
export const SaleMedia = z.strictObject({
  id: z.string().check(z.regex(MEDIA_ID_PATTERN, 'media id: 8–32 upper-case hex digits')),
  serial: z.string().check(z.regex(MEDIA_SERIAL_PATTERN, 'media serial: 8–20 upper-case hex digits')),
  credit: z.optional(money()),
  bonusCredit: z.optional(money()),
  bonusFreeSales: z.optional(int(0, 1_000_000)),
  counter: z.optional(int(0, 4_294_967_295)),
  externalService: z.optional(oneOf(EXTERNAL_SERVICES, 'external service')),
});
export type SaleMedia = z.infer<typeof SaleMedia>;

/** Where the transaction (and a media it created) came from: source type (transaction-constants.ts) and its serial. */
export const SaleSource = z.strictObject({
  type: oneOf(SOURCE_TYPES, 'source type'),
  serial: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'source serial: 1–64 of A-Z a-z 0-9 _ . : -')),
});
export type SaleSource = z.infer<typeof SaleSource>;

/**
 * One sale/recharge/visit record (spec §3 transaction); money in minor units with its currency. Every field after
 * `createdAt` is optional, so older messages stay valid. `posName` and `savedAt` are the cloud's, never sent.
 */
export const SaleTransaction = z.strictObject({
  id: transactionId(),
  type: oneOf(TRANSACTION_TYPES, 'transaction type'),
  line: int(0, 9999),
  productCode: text(32),
  priceTable: int(1, 8),
  value: money(),
  currency: CurrencyCode,
  mediaType: oneOf(MEDIA_TYPES, 'media type'),
  createdAt: isoTime,
  valueCharge: z.optional(money()),
  freeSale: z.optional(z.boolean()),
  errorSale: z.optional(z.boolean()),
  /** The product's name as the machine knows it. */
  product: z.optional(text(64)),
  /** The id of an earlier transaction this one reverses or refunds. */
  originalTransactionId: z.optional(transactionId()),
  media: z.optional(SaleMedia),
  source: z.optional(SaleSource),
  creditCardInfo: z.optional(z.strictObject({ fileId: text(64, 1) })),
  /** The mobile app's or partner's user. */
  externalServiceInfo: z.optional(z.strictObject({ userId: text(64, 1) })),
});
export type SaleTransaction = z.infer<typeof SaleTransaction>;

export const SalesPayload = z.strictObject({
  transactions: z.array(SaleTransaction).check(
    z.minLength(1),
    z.maxLength(MAX_SALES_PER_MESSAGE),
    z.refine((list) => new Set(list.map((t) => t.id)).size === list.length, 'transaction ids must be unique in a message'),
  ),
});
export type SalesPayload = z.infer<typeof SalesPayload>;

/** An audit read (spec §3/§4): when, why (origin), through which port; the EVA-DTS text when sent. */
export const AuditPayload = z.strictObject({
  readAt: isoTime,
  origin: oneOf(AUDIT_ORIGINS, 'audit origin'),
  port: z.enum(AUDIT_PORTS),
  dex: z.optional(text(MAX_DEVICE_MESSAGE_BYTES)),
});
export type AuditPayload = z.infer<typeof AuditPayload>;

/** The configuration the device runs, as name → value. */
export const ConfigPayload = z.strictObject({
  reportedAt: isoTime,
  values: z
    .record(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'config key: 1–64 of A-Z a-z 0-9 _ . -')), text(1024))
    .check(z.refine((values) => Object.keys(values).length <= MAX_CONFIG_VALUES, `at most ${MAX_CONFIG_VALUES} values`)),
});
export type ConfigPayload = z.infer<typeof ConfigPayload>;

/**
 * An alarm the machine raised (again) or cleared. Category, criticity and message come from the master
 * alarm of the code when the catalogue has one; the device's own values are used otherwise.
 */
export const AlarmPayload = z.strictObject({
  code: AlarmCode,
  state: z.enum(['raised', 'cleared']),
  /** When the machine raised or cleared it. */
  at: isoTime,
  criticity: z.optional(AlarmCriticity),
  category: z.optional(AlarmCategory),
  message: z.optional(text(200)),
  detail: z.optional(text(1000)),
  /** Extra data: cycles left before the machine blocks. */
  remainingCycles: z.optional(int(0, 1_000_000_000)),
});
export type AlarmPayload = z.infer<typeof AlarmPayload>;

export const TelemetryMessage = envelope('telemetry', TelemetryPayload);
export const SalesMessage = envelope('sales', SalesPayload);
export const AuditMessage = envelope('audit', AuditPayload);
export const ConfigMessage = envelope('config', ConfigPayload);
export const AlarmMessage = envelope('alarms', AlarmPayload);
export type TelemetryMessage = z.infer<typeof TelemetryMessage>;
export type SalesMessage = z.infer<typeof SalesMessage>;
export type AuditMessage = z.infer<typeof AuditMessage>;
export type ConfigMessage = z.infer<typeof ConfigMessage>;
export type AlarmMessage = z.infer<typeof AlarmMessage>;
/** A cash-handling machine's own data (cash-messages.ts). */
export const SensorsMessage = envelope('sensors', SensorsPayload);
export const CashAcceptanceMessage = envelope('cash-acceptance', CashAcceptancePayload);
export const CashMovementsMessage = envelope('cash-movements', CashMovementsPayload);
export const DeviceErrorsMessage = envelope('device-errors', DeviceErrorsPayload);
export type SensorsMessage = z.infer<typeof SensorsMessage>;
export type CashAcceptanceMessage = z.infer<typeof CashAcceptanceMessage>;
export type CashMovementsMessage = z.infer<typeof CashMovementsMessage>;
export type DeviceErrorsMessage = z.infer<typeof DeviceErrorsMessage>;

/** The message kinds ingestion stores, each validated by its envelope. */
export const INGESTED_MESSAGES = {
  telemetry: TelemetryMessage,
  sales: SalesMessage,
  audit: AuditMessage,
  config: ConfigMessage,
  alarms: AlarmMessage,
  sensors: SensorsMessage,
  'cash-acceptance': CashAcceptanceMessage,
  'cash-movements': CashMovementsMessage,
  'device-errors': DeviceErrorsMessage,
} as const;
export type IngestedKind = keyof typeof INGESTED_MESSAGES;
export type IngestedMessage =
  | TelemetryMessage
  | SalesMessage
  | AuditMessage
  | ConfigMessage
  | AlarmMessage
  | SensorsMessage
  | CashAcceptanceMessage
  | CashMovementsMessage
  | DeviceErrorsMessage;

// ---------------------------------------------------------------- commands (cloud → device) and acknowledgements

/**
 * What a device answers on `vend/{serial}/commands/ack` for a command it received: `status` while it
 * works on it (received, running), then one final `result`. Exactly one of the two per message.
 */
export const COMMAND_ACK_STATUSES = ['received', 'running'] as const;
export const CommandAckPayload = z
  .strictObject({
    commandId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'command id')),
    status: z.optional(z.enum(COMMAND_ACK_STATUSES)),
    result: z.optional(oneOf(Object.values(COMMAND_RESULTS), 'command result')),
    message: z.optional(text(256)),
  })
  .check(z.refine((a) => (a.status === undefined) !== (a.result === undefined), 'either status or result'));
export type CommandAckPayload = z.infer<typeof CommandAckPayload>;
export const CommandAckMessage = envelope('commands/ack', CommandAckPayload);
export type CommandAckMessage = z.infer<typeof CommandAckMessage>;

/** Cloud → device on `vend/{serial}/commands`: the command, its type (spec §4, 1–19) and what that type carries. */
export const CommandPayload = z.strictObject({
  commandId: z.string(),
  commandType: int(1, 19),
  params: z.record(z.string(), z.unknown()),
  /** 1 for the first delivery; a device executes a command id once and answers repeats with its outcome. */
  attempt: int(1, 100),
});
export const CommandMessage = envelope('command', CommandPayload);
export type CommandMessage = z.infer<typeof CommandMessage>;
