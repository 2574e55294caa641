/**
 * What a cash-handling machine (and a vending machine's coin mechanism) sends beyond sales (issue 31, DESIGN §6): sensor
 * readings per submodule, cash acceptance, cash movements and device errors. The payloads live here; their envelopes
 * are in iot.ts beside the other device → cloud messages. Money and denominations are integers in the currency's minor
 * units (spec §9: no decimals for COP, CLP, UYU, PYG, CZK).
 */
import * as z from 'zod/mini';
import { CurrencyCode, type CurrencyCode as Currency } from './collections';

const isoTime = z.iso.datetime({ offset: true });
const text = (max: number, min = 0) => z.string().check(z.minLength(min), z.maxLength(max));
const count = () => z.number().check(z.int(), z.gte(0), z.lte(1_000_000));

/** The submodules whose sensors a machine reads. */
export const SUBMODULES = ['coinValidator', 'noteValidator', 'noteRecycler', 'hopper', 'cashlessReader'] as const;
export type Submodule = (typeof SUBMODULES)[number];

/**
 * The sensors each submodule reports, by name. A sensor name is unique across submodules, so thresholds (per device
 * model and sensor) and dirtiness name a sensor alone.
 */
export const SUBMODULE_SENSORS = {
  coinValidator: ['coinOpticalLevel', 'coinInductiveDrift'],
  noteValidator: ['noteOpticalGain', 'noteMagneticLevel', 'noteUvLevel'],
  noteRecycler: ['recyclerTransportGain', 'recyclerStackerGain'],
  hopper: ['hopperExitGain', 'hopperMotorCurrent'],
  cashlessReader: ['readerFieldStrength'],
} as const satisfies Record<Submodule, readonly string[]>;
export type SensorName = (typeof SUBMODULE_SENSORS)[Submodule][number];
export const SENSOR_NAMES = Object.values(SUBMODULE_SENSORS).flat() as SensorName[];
export const submoduleOf = (sensor: string): Submodule | undefined =>
  (Object.keys(SUBMODULE_SENSORS) as Submodule[]).find((s) => (SUBMODULE_SENSORS[s] as readonly string[]).includes(sensor));

export const MAX_SENSOR_SUBMODULES = SUBMODULES.length;

/** One submodule's readings: its sensors' values by name (numbers only; a name the submodule does not have is refused). */
export const SubmoduleReadings = z
  .strictObject({
    submodule: z.enum(SUBMODULES),
    values: z.record(z.string(), z.number().check(z.gte(-1_000_000), z.lte(1_000_000))),
  })
  .check(
    z.refine((r) => Object.keys(r.values).length > 0, 'values: at least one sensor'),
    z.refine(
      (r) => Object.keys(r.values).every((name) => (SUBMODULE_SENSORS[r.submodule] as readonly string[]).includes(name)),
      'values: unknown sensor name for this submodule',
    ),
  );
export type SubmoduleReadings = z.infer<typeof SubmoduleReadings>;

export const SensorsPayload = z.strictObject({
  readAt: isoTime,
  submodules: z.array(SubmoduleReadings).check(
    z.minLength(1),
    z.maxLength(MAX_SENSOR_SUBMODULES),
    z.refine((list) => new Set(list.map((s) => s.submodule)).size === list.length, 'submodules: each at most once'),
  ),
});
export type SensorsPayload = z.infer<typeof SensorsPayload>;

// ---------------------------------------------------------------- denominations

export const CASH_MEDIA = ['coin', 'note'] as const;
export type CashMedium = (typeof CASH_MEDIA)[number];

/**
 * The coins and notes of each currency in circulation, in minor units (spec §9 decimals). A denomination a machine
 * reports that is not here is refused: it is a misconfigured validator or a wrong currency.
 */
export const CURRENCY_DENOMINATIONS: Record<Currency, Record<CashMedium, readonly number[]>> = {
  COP: { coin: [50, 100, 200, 500, 1000], note: [2000, 5000, 10_000, 20_000, 50_000, 100_000] },
  CZK: { coin: [1, 2, 5, 10, 20, 50], note: [100, 200, 500, 1000, 2000, 5000] },
  EUR: { coin: [1, 2, 5, 10, 20, 50, 100, 200], note: [500, 1000, 2000, 5000, 10_000, 20_000, 50_000] },
  GBP: { coin: [1, 2, 5, 10, 20, 50, 100, 200], note: [500, 1000, 2000, 5000] },
  QAR: { coin: [1, 5, 10, 25, 50], note: [100, 500, 1000, 5000, 10_000, 20_000, 50_000] },
  RON: { coin: [1, 5, 10, 50], note: [100, 500, 1000, 5000, 10_000, 20_000, 50_000] },
  RSD: { coin: [100, 200, 500, 1000, 2000], note: [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000] },
  ZAR: { coin: [10, 20, 50, 100, 200, 500], note: [1000, 2000, 5000, 10_000, 20_000] },
  MXN: { coin: [10, 20, 50, 100, 200, 500, 1000, 2000], note: [2000, 5000, 10_000, 20_000, 50_000, 100_000] },
  UYU: { coin: [1, 2, 5, 10, 50], note: [20, 50, 100, 200, 500, 1000, 2000] },
  CLP: { coin: [1, 5, 10, 50, 100, 500], note: [1000, 2000, 5000, 10_000, 20_000] },
  BRL: { coin: [5, 10, 25, 50, 100], note: [200, 500, 1000, 2000, 5000, 10_000, 20_000] },
  PEN: { coin: [10, 20, 50, 100, 200, 500], note: [1000, 2000, 5000, 10_000, 20_000] },
  PYG: { coin: [50, 100, 500, 1000], note: [2000, 5000, 10_000, 20_000, 50_000, 100_000] },
  USD: { coin: [1, 5, 10, 25, 50, 100], note: [100, 200, 500, 1000, 2000, 5000, 10_000] },
};
export const isDenomination = (currency: Currency, medium: CashMedium, value: number) => CURRENCY_DENOMINATIONS[currency][medium].includes(value);

const Denomination = z.number().check(z.int(), z.gte(1), z.lte(10_000_000));

// ---------------------------------------------------------------- acceptance

/** Why a validator refused a coin or a note, where the device says (UnifiedPOS and validator reject codes, grouped). */
export const REJECTION_REASONS = ['unrecognised', 'counterfeit', 'inhibited', 'jam', 'cashboxFull', 'insertion', 'unspecified'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const AcceptedCash = z.strictObject({ medium: z.enum(CASH_MEDIA), denomination: Denomination, count: count() });
/** A rejected coin or note; without `denomination` when the validator could not tell it, `unspecified` reason when it gives none. */
export const RejectedCash = z.strictObject({
  medium: z.enum(CASH_MEDIA),
  denomination: z.optional(Denomination),
  reason: z._default(z.enum(REJECTION_REASONS), 'unspecified'),
  count: count(),
});

const denominationsOfCurrency = (p: {
  currency: Currency;
  accepted: Array<{ medium: CashMedium; denomination: number }>;
  rejected: Array<{ medium: CashMedium; denomination?: number }>;
}) => [...p.accepted, ...p.rejected].every((c) => c.denomination === undefined || isDenomination(p.currency, c.medium, c.denomination));

/** The coins and notes a machine's validators accepted and rejected over a period (from → to). */
export const CashAcceptancePayload = z
  .strictObject({
    from: isoTime,
    to: isoTime,
    currency: CurrencyCode,
    accepted: z.array(AcceptedCash).check(z.maxLength(64)),
    rejected: z.array(RejectedCash).check(z.maxLength(256)),
  })
  .check(
    z.refine((p) => Date.parse(p.from) <= Date.parse(p.to), 'from must not be after to'),
    z.refine((p) => p.accepted.length + p.rejected.length > 0, 'nothing accepted or rejected'),
    z.refine(denominationsOfCurrency, 'a denomination is not one of the currency'),
  );
export type CashAcceptancePayload = z.infer<typeof CashAcceptancePayload>;

// ---------------------------------------------------------------- movements

/** Money into (+) or out of (−) the machine's cash: deposit and refill add, the others take. */
export const MOVEMENT_KINDS = ['deposit', 'withdrawal', 'changeGiven', 'collection', 'refill'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_SIGN: Record<MovementKind, 1 | -1> = { deposit: 1, refill: 1, withdrawal: -1, changeGiven: -1, collection: -1 };

export const CashMovement = z
  .strictObject({
    kind: z.enum(MOVEMENT_KINDS),
    at: isoTime,
    /** Never negative: the kind says the direction. */
    amount: z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000)),
    breakdown: z.optional(z.array(AcceptedCash).check(z.maxLength(32))),
    /** Who did it at the machine (operator code or name), when the machine knows. */
    user: z.optional(text(64, 1)),
  })
  .check(z.refine((m) => !m.breakdown || m.breakdown.reduce((sum, c) => sum + c.denomination * c.count, 0) === m.amount, 'breakdown must add up to amount'));
export type CashMovement = z.infer<typeof CashMovement>;

export const MAX_MOVEMENTS_PER_MESSAGE = 100;
export const CashMovementsPayload = z
  .strictObject({
    currency: CurrencyCode,
    movements: z.array(CashMovement).check(z.minLength(1), z.maxLength(MAX_MOVEMENTS_PER_MESSAGE)),
  })
  .check(
    z.refine(
      (p) => p.movements.every((m) => (m.breakdown ?? []).every((c) => isDenomination(p.currency, c.medium, c.denomination))),
      'a denomination is not one of the currency',
    ),
  );
export type CashMovementsPayload = z.infer<typeof CashMovementsPayload>;

// ---------------------------------------------------------------- device errors

/** UnifiedPOS (OPOS) result codes: 0 success, 101 closed … 114 extended (the extended code says more), 115 deprecated. */
export const OPOS_RESULT_CODES = [0, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115] as const;

export const DeviceError = z.strictObject({
  at: isoTime,
  /** The device's UnifiedPOS name (CashChanger, BillAcceptor, CoinAcceptor, BillDispenser, …). */
  device: z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'device: 1–40 of A-Z a-z 0-9 _ . -')),
  resultCode: z.number().check(
    z.refine((v) => (OPOS_RESULT_CODES as readonly number[]).includes(v), 'unknown OPOS result code'),
    z.meta({ enum: [...OPOS_RESULT_CODES] }),
  ),
  /** ResultCodeExtended: the device class's own code (e.g. 201 OPOS_ECHAN_OVERDISPENSE), 0 when none. */
  extendedCode: z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647)),
  message: z.optional(text(200)),
});
export type DeviceError = z.infer<typeof DeviceError>;

export const DeviceErrorsPayload = z.strictObject({ errors: z.array(DeviceError).check(z.minLength(1), z.maxLength(50)) });
export type DeviceErrorsPayload = z.infer<typeof DeviceErrorsPayload>;
