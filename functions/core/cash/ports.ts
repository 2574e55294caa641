/** What ingestion stores of a cash-handling machine's own data (adapters/dynamodb/cash-store.ts), ACCESS-PATTERNS K1–K8. */
import type { CashMedium, MovementKind, RejectionReason } from '#schemas/cash-messages';
import type { Device } from '../ingestion/ports';

/** Counter deltas of one (local) day: attribute → amount to ADD. */
export type DayCounts = Record<string, number>;

/** One message's counters, counted exactly once (a guard per message in the same transaction). */
export interface CountedCashMessage {
  messageId: string;
  /** Local day (YYYY-MM-DD, the merchant's time zone) → deltas; they go to the machine's day and the merchant's day. */
  days: Record<string, DayCounts>;
  /** Change of the machine's cash balance (movements), in minor units. */
  balance: number;
}

/** A stored item of the machine's cash history. */
export type CashHistoryItem =
  | { kind: 'sensors'; device: Device; at: string; messageId: string; values: Record<string, number> }
  | {
      kind: 'movement';
      device: Device;
      at: string;
      messageId: string;
      n: number;
      movement: {
        kind: MovementKind;
        amount: number;
        currency: string;
        user?: string;
        breakdown?: Array<{ medium: CashMedium; denomination: number; count: number }>;
      };
    }
  | {
      kind: 'deviceError';
      device: Device;
      at: string;
      messageId: string;
      n: number;
      error: { device: string; resultCode: number; extendedCode: number; message?: string };
    };

export interface CashIngestionStore {
  /** Idempotent puts (same message → same keys and content). */
  putCashHistory(items: readonly CashHistoryItem[]): Promise<void>;
  /** Adds each message's counters once however often it is delivered. */
  countCash(device: Device, messages: readonly CountedCashMessage[], expiresAt: number): Promise<void>;
}

/** A machine's acceptance on one of its merchant's days, by medium. */
export interface AcceptanceDay {
  day: string;
  coinAccepted: number;
  coinRejected: number;
  noteAccepted: number;
  noteRejected: number;
}

/**
 * The per-machine per-day acceptance counters (accepted and rejected coins and notes) over a range of the merchant's
 * days, days without any absent. The reader the dashboard's rejection KPIs and the anomaly sweep call.
 */
export interface AcceptanceDays {
  acceptanceDays(merchantId: string, serial: string, fromDay: string, toDay: string): Promise<AcceptanceDay[]>;
}

export type { RejectionReason };

/** A machine's device error as stored. */
export interface StoredDeviceError {
  at: string;
  device: string;
  resultCode: number;
  extendedCode: number;
  message?: string;
}

/** What the console reads of the cash data (adapters/dynamodb/cash-reads.ts). */
export interface CashReads extends AcceptanceDays {
  /** Day counters of a machine (`serial`) or its merchant (no serial), days without counters absent. */
  dayCounts(merchantId: string, serial: string | undefined, fromDay: string, toDay: string): Promise<Map<string, DayCounts>>;
  /** Every movement ever counted, in − out (a machine's, or the merchant's). */
  balance(merchantId: string, serial?: string): Promise<number>;
  deviceErrors(
    merchantId: string,
    serial: string,
    filter: { device?: string; code?: number; from?: string; to?: string },
    slice: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string },
  ): Promise<{ items: StoredDeviceError[]; cursor?: string; total: { count: number; atLeast?: true } }>;
  /** Sensor readings (oldest first, at most `max`). */
  sensorReadings(merchantId: string, serial: string, from: string, to: string, max: number): Promise<Array<{ at: string; values: Record<string, number> }>>;
}
