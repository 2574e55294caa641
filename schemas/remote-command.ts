/**
 * Remote commands (spec §2 devices remote-commands, §4 status, result, types): what a user sends to a
 * machine, delivered on `vend/{serial}/commands` and acknowledged by the device on `commands/ack`.
 */
import * as z from 'zod/mini';
import { CommandVersion } from './command-version';
import { idempotencyKeyHeader } from './idempotency';
import { numberIn } from './number-enum';
import { COMMAND_RESULTS } from './iot-constants';
import { MerchantId } from './merchant-summary';
import { newestFirstPaging, page, rangeInOrder } from './paging';
import { SELECTION_PATTERN } from './planogram-constants';
import { SERIAL_PATTERN, Serial } from './pos-entity';
import { commaList } from './query';
import { COMMAND_STATUS, COMMAND_STATUSES } from './remote-command-constants';

/** Spec §4 types 1–19, by number; the names are the message ids' suffixes in the console. */
export const REMOTE_COMMAND_TYPES = {
  1: 'collectAudit',
  2: 'readAlarms',
  3: 'readSalesCounters',
  4: 'restartDevice',
  5: 'restartMachine',
  6: 'sendExternalCredit',
  7: 'sendConfigToDevice',
  8: 'returnCash',
  9: 'readStartupInfo',
  10: 'readConfiguration',
  11: 'readAuditPlusRefill',
  12: 'sendPrices',
  13: 'sendConfiguration',
  14: 'updateFirmware',
  15: 'resetConfiguration',
  16: 'updateDatabase',
  17: 'updatePeripheralFirmware',
  18: 'updatePeripheralDatabase',
  19: 'updateAccountability',
} as const;
export type RemoteCommandType = keyof typeof REMOTE_COMMAND_TYPES;
export const COMMAND_TYPE_NUMBERS = Object.keys(REMOTE_COMMAND_TYPES).map(Number) as RemoteCommandType[];

export { COMMAND_STATUS, COMMAND_STATUSES, PENDING_STATUSES } from './remote-command-constants';

/** Spec §4 results: the device's (schemas/iot.ts) and the cloud's own for commands that never ran. */
export const COMMAND_RESULT = { ...COMMAND_RESULTS, retriesExceeded: -1, expired: -2, cancelledByUser: -3 } as const;

const isoInstant = z.iso.datetime({ offset: true });
const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const oneOf = <T extends number>(values: readonly T[], what: string) => numberIn(values, `unknown ${what}`, true);

/** Money in minor units of the merchant's currency. */
const Amount = z.strictObject({ amount: int(1, 100_000_000) });
const Version = z.strictObject({ version: CommandVersion });
export const PERIPHERALS = ['coinChanger', 'billValidator', 'cashless1', 'cashless2'] as const;
const PeripheralVersion = z.strictObject({ peripheral: z.enum(PERIPHERALS), version: Version.shape.version });
const NoParams = z._default(z.strictObject({}), {});

/** What each type carries to the device. Prices and configurations can be large: the 64 KB rule (spec §5) applies to the whole message. */
export const COMMAND_PARAMS = {
  1: NoParams,
  2: NoParams,
  3: NoParams,
  4: NoParams,
  5: NoParams,
  6: Amount,
  7: z.strictObject({ configurationId: text(64) }),
  8: Amount,
  9: NoParams,
  10: NoParams,
  11: NoParams,
  12: z.strictObject({
    prices: z
      // A line is a number (the wizard's) or a planogram selection as the machine reports it (the prices screen's).
      .array(z.strictObject({ line: z.union([int(0, 9999), z.string().check(z.regex(SELECTION_PATTERN))]), priceTable: int(1, 8), value: int(0, 100_000_000) }))
      .check(z.minLength(1), z.maxLength(10_000)),
  }),
  13: z.strictObject({
    values: z
      .record(z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'config key: 1–64 of A-Z a-z 0-9 _ . -')), z.string().check(z.maxLength(1024)))
      .check(z.refine((v) => Object.keys(v).length >= 1 && Object.keys(v).length <= 10_000, '1 to 10000 values')),
  }),
  14: Version,
  15: NoParams,
  16: Version,
  17: PeripheralVersion,
  18: PeripheralVersion,
  19: NoParams,
} as const satisfies Record<RemoteCommandType, z.core.$ZodType>;

const sendBody = <T extends RemoteCommandType>(type: T) =>
  z.strictObject({
    serial: Serial,
    type: z.literal(type),
    params: COMMAND_PARAMS[type],
    /** When to send it; absent or null = now. */
    scheduledAt: z.optional(z.nullable(isoInstant)),
  });

/** POST /remote-commands/send. An `Idempotency-Key` header makes a retried POST answer the first result. */
export const RemoteCommandSend = z.discriminatedUnion('type', [
  sendBody(1),
  sendBody(2),
  sendBody(3),
  sendBody(4),
  sendBody(5),
  sendBody(6),
  sendBody(7),
  sendBody(8),
  sendBody(9),
  sendBody(10),
  sendBody(11),
  sendBody(12),
  sendBody(13),
  sendBody(14),
  sendBody(15),
  sendBody(16),
  sendBody(17),
  sendBody(18),
  sendBody(19),
]);
export type RemoteCommandSend = z.infer<typeof RemoteCommandSend>;
/** A retried send with the same `Idempotency-Key` answers the first command instead of sending another. */
export const RemoteCommandSendHeaders = z.object({
  'idempotency-key': idempotencyKeyHeader,
});

export const RemoteCommand = z.object({
  id: z.string(),
  serial: z.string(),
  posName: z.string(),
  merchantId: z.string(),
  groupId: z.nullable(z.string()),
  type: z.number(),
  params: z.record(z.string(), z.unknown()),
  status: z.number(),
  result: z.nullable(z.number()),
  /** What the device said with its result, or why the cloud gave up. */
  message: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  /** The time asked for; null = sent at once. */
  scheduledAt: z.nullable(z.string()),
  /** Start: first sent to the device. End: final status reached. */
  startAt: z.nullable(z.string()),
  endAt: z.nullable(z.string()),
  /** Times it was published (retries are bounded). */
  attempts: z.number(),
});
export type RemoteCommand = z.infer<typeof RemoteCommand>;
export const RemoteCommandPage = page(RemoteCommand);

export const CommandId = z.string().check(z.regex(/^[0-9a-z]{9}-[0-9a-f]{12}$/, 'invalid command id'));
export const RemoteCommandParams = z.strictObject({ id: Serial, commandId: CommandId });

const filters = {
  type: z.optional(oneOf(COMMAND_TYPE_NUMBERS, 'command type')),
  status: z.optional(oneOf(COMMAND_STATUSES, 'command status')),
};
const paging = newestFirstPaging('createdAt');
const merchantFilters = {
  merchantId: MerchantId,
  serial: z.optional(Serial),
  /** Created in [from, to). */
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
  ...filters,
};

/** GET /remote-commands: a merchant's commands, newest first. */
export const RemoteCommandListQuery = z.strictObject({ ...paging, ...merchantFilters }).check(rangeInOrder());
export type RemoteCommandListQuery = z.infer<typeof RemoteCommandListQuery>;
/** GET /remote-commands/csv: the same selection, every row (capped). */
export const RemoteCommandCsvQuery = z.strictObject(merchantFilters).check(rangeInOrder());
export type RemoteCommandCsvQuery = z.infer<typeof RemoteCommandCsvQuery>;
/** GET /remote-commands/pos/{id}: one machine's commands, newest first. */
export const PosRemoteCommandQuery = z.strictObject({ ...paging, ...filters });
export type PosRemoteCommandQuery = z.infer<typeof PosRemoteCommandQuery>;

/** GET /remote-commands/pending-counts: pending commands of the listed machines (a devices list page). */
export const PendingCountsQuery = z.strictObject({
  merchantId: MerchantId,
  serials: commaList(SERIAL_PATTERN, 100, 'serials: 1 to 100 serials, comma-separated'),
});
export const PendingCounts = z.object({ counts: z.record(z.string(), z.number()) });
export type PendingCounts = z.infer<typeof PendingCounts>;

/** The final status a result gives (spec §4): success → received, warning → with warnings, error → with errors, else not executed. */
export function finalStatusOf(result: number): number {
  if (result === COMMAND_RESULT.success) return COMMAND_STATUS.received;
  if (result === COMMAND_RESULT.unspecifiedWarning) return COMMAND_STATUS.receivedWithWarnings;
  if (result === COMMAND_RESULT.unspecifiedError) return COMMAND_STATUS.receivedWithErrors;
  return COMMAND_STATUS.notExecuted;
}
