/**
 * What the simulator's cash-handling machines send beyond sales (schemas/cash-messages.ts): sensor readings per
 * submodule, cash acceptance, movements and device errors; a vending machine's coin mechanism sends acceptance of
 * coins only. Pure builders: the live simulator and the demo week (demo-history.ts) call them with their own clock.
 */
import { CURRENCY_DENOMINATIONS, type CashMedium, type MovementKind, type RejectionReason } from '#schemas/cash-messages';
import type { CurrencyCode } from '#schemas/collections';
import type { CashAcceptanceMessage, CashMovementsMessage, DeviceErrorsMessage, SensorsMessage } from '#schemas/iot';

const iso = (ms: number) => new Date(ms).toISOString();

export function sensorsMessage(serial: string, messageId: string, atMs: number, submodules: SensorsMessage['payload']['submodules']): SensorsMessage {
  return { messageId, serial, sentAt: iso(atMs + 500), type: 'sensors', payload: { readAt: iso(atMs), submodules } };
}

export function acceptanceMessage(
  serial: string,
  messageId: string,
  period: { fromMs: number; toMs: number },
  currency: CurrencyCode,
  accepted: CashAcceptanceMessage['payload']['accepted'],
  rejected: CashAcceptanceMessage['payload']['rejected'],
): CashAcceptanceMessage {
  return {
    messageId,
    serial,
    sentAt: iso(period.toMs + 500),
    type: 'cash-acceptance',
    payload: { from: iso(period.fromMs), to: iso(period.toMs), currency, accepted, rejected },
  };
}

export function movementsMessage(
  serial: string,
  messageId: string,
  currency: CurrencyCode,
  movements: CashMovementsMessage['payload']['movements'],
): CashMovementsMessage {
  const last = Math.max(...movements.map((m) => Date.parse(m.at)));
  return { messageId, serial, sentAt: iso(last + 500), type: 'cash-movements', payload: { currency, movements } };
}

export function deviceErrorsMessage(serial: string, messageId: string, errors: DeviceErrorsMessage['payload']['errors']): DeviceErrorsMessage {
  const last = Math.max(...errors.map((e) => Date.parse(e.at)));
  return { messageId, serial, sentAt: iso(last + 500), type: 'device-errors', payload: { errors } };
}

/** The demo's cash machine whose hopper and note validator got dirtier all week (its hopper exit sensor is critical). */
export const DEMO_DRIFTING = 'C100-00000018';
/** The demo's cash machine whose rejection rate rose over the week (3 % → 30 %: its last days above the red 20 %, the rejection anomaly). */
export const DEMO_REJECTING = 'C100-00000019';

/** A seeded random in [0, 1) (the demo's figures are the same at every start). */
export type Random = () => number;

/**
 * A cash machine's readings at `progress` (0 → 1) of a drift: a clean machine's values, or a machine whose hopper and
 * note validator get dirtier until the hopper's exit sensor passes the demo thresholds' critical.
 */
export function cashSensorReadings(random: Random, drifting: boolean, progress: number): SensorsMessage['payload']['submodules'] {
  const wobble = (spread: number) => (random() - 0.5) * spread;
  const dirt = drifting ? progress : 0.1;
  const round = (v: number) => Math.round(v * 10) / 10;
  return [
    { submodule: 'coinValidator', values: { coinOpticalLevel: round(92 - 30 * dirt + wobble(2)), coinInductiveDrift: round(2 + 4 * dirt + wobble(0.5)) } },
    {
      submodule: 'noteValidator',
      values: { noteOpticalGain: round(35 + 30 * dirt + wobble(2)), noteMagneticLevel: round(95 + wobble(2)), noteUvLevel: round(90 + wobble(3)) },
    },
    { submodule: 'noteRecycler', values: { recyclerTransportGain: round(30 + 10 * dirt + wobble(2)), recyclerStackerGain: round(28 + 8 * dirt + wobble(2)) } },
    { submodule: 'hopper', values: { hopperExitGain: round(20 + 70 * dirt + wobble(3)), hopperMotorCurrent: Math.round(400 + 150 * dirt + wobble(20)) } },
  ];
}

const REASONS: readonly RejectionReason[] = ['unrecognised', 'unrecognised', 'insertion', 'jam', 'counterfeit', 'unspecified'];

/**
 * An hour of acceptance: `inserted` coins (and notes when `notes`), `rejectionRate` of them refused with a reason
 * (an unrecognised coin has no denomination).
 */
export function acceptanceHour(
  random: Random,
  currency: CurrencyCode,
  inserted: number,
  rejectionRate: number,
  notes: boolean,
): Pick<CashAcceptanceMessage['payload'], 'accepted' | 'rejected'> {
  const accepted = new Map<string, number>();
  const rejected = new Map<string, number>();
  const media: CashMedium[] = notes ? ['coin', 'coin', 'coin', 'note'] : ['coin'];
  for (let i = 0; i < inserted; i++) {
    const medium = media[Math.floor(random() * media.length)]!;
    const list = CURRENCY_DENOMINATIONS[currency][medium];
    // Small coins and notes are what people have: the lower half of the list.
    const denomination = list[Math.floor(random() * Math.ceil(list.length / 2))]!;
    if (random() < rejectionRate) {
      const reason = REASONS[Math.floor(random() * REASONS.length)]!;
      const key = `${medium}|${reason === 'unrecognised' ? '' : denomination}|${reason}`;
      rejected.set(key, (rejected.get(key) ?? 0) + 1);
    } else accepted.set(`${medium}|${denomination}`, (accepted.get(`${medium}|${denomination}`) ?? 0) + 1);
  }
  return {
    accepted: [...accepted].map(([k, count]) => {
      const [medium, denomination] = k.split('|');
      return { medium: medium as CashMedium, denomination: Number(denomination), count };
    }),
    rejected: [...rejected].map(([k, count]) => {
      const [medium, denomination, reason] = k.split('|');
      return { medium: medium as CashMedium, ...(denomination ? { denomination: Number(denomination) } : {}), reason: reason as RejectionReason, count };
    }),
  };
}

/** A movement of `amount` made of the currency's smallest coins or notes that add up to it (no breakdown when none do). */
export function movement(
  kind: MovementKind,
  atMs: number,
  currency: CurrencyCode,
  amount: number,
  user?: string,
): CashMovementsMessage['payload']['movements'][number] {
  const coins = CURRENCY_DENOMINATIONS[currency].coin;
  const unit = [...coins].reverse().find((c) => amount % c === 0 && amount / c <= 1_000_000);
  return {
    kind,
    at: iso(atMs),
    amount,
    ...(unit ? { breakdown: [{ medium: 'coin' as const, denomination: unit, count: amount / unit }] } : {}),
    ...(user ? { user } : {}),
  };
}

/** The OPOS errors a cash machine occasionally reports. */
export const DEMO_DEVICE_ERRORS = [
  { device: 'CashChanger', resultCode: 114, extendedCode: 201, message: 'OPOS_ECHAN_OVERDISPENSE' },
  { device: 'BillAcceptor', resultCode: 112, extendedCode: 0, message: 'timeout while stacking' },
  { device: 'CoinAcceptor', resultCode: 114, extendedCode: 301, message: 'coin jam at the entry' },
  { device: 'BillDispenser', resultCode: 111, extendedCode: 0 },
] as const;
