/**
 * Every kind by name, for what ingests several kinds with one IngestionDeps (the local stack's demo seeding, the
 * tests, the benches). The triggers do not use it: each hands its own kind to batch.ts and bundles no other.
 */
import type { IngestedKind } from '#schemas/iot';
import { cashAcceptance, cashMovements, deviceErrors, sensors } from '../cash/ingest';
import { alarms } from './alarms';
import { audit } from './audit';
import { ingestKindBatch, type BatchOutcome } from './batch';
import { config } from './config';
import type { IngestionDeps } from './deps';
import type { MessageKind } from './kind';
import type { Device, HistoryRecord } from './ports';
import { sales } from './sales';
import { telemetry } from './telemetry';
import type { ValidMessage } from './validation';

/** Each kind's path (what a kind's `prepare` reads is handed back to that kind only). */
export const KINDS: Record<IngestedKind, MessageKind<unknown, IngestionDeps>> = {
  telemetry,
  sales,
  audit,
  config,
  alarms,
  sensors,
  'cash-acceptance': cashAcceptance,
  'cash-movements': cashMovements,
  'device-errors': deviceErrors,
};

/** The history records a valid message stores (a sale's carry its machine's name when `prepared` holds it). */
export const historyOf = (m: ValidMessage, device: Device, prepared?: unknown): HistoryRecord[] => KINDS[m.kind].historyOf(m, device, prepared);

export const ingestBatch = (kind: IngestedKind, events: readonly unknown[], deps: IngestionDeps): Promise<BatchOutcome> =>
  ingestKindBatch(KINDS[kind], events, deps);
