/**
 * The ingestion paths of a cash-handling machine's own data (batch.ts runs them like every kind): the merchants' time
 * zones read once for the batch; per machine, what is kept as history (sensor readings, movements, device errors)
 * stored by idempotent puts, then the day counters counted once per message (last: their guards say the messages were
 * counted, so everything before is stored when they are there). Sensor readings also move the machine's dirtiness
 * (sensors/ingest.ts).
 */
import type { CashAcceptanceMessage, CashMovementsMessage, DeviceErrorsMessage, IngestedKind, SensorsMessage } from '#schemas/iot';
import type { KindDeps } from '../ingestion/deps';
import type { MessageKind } from '../ingestion/kind';
import type { SalesContext } from '../ingestion/ports';
import { canonicalTime, epochSeconds, MESSAGE_RECORD_TTL_SECONDS } from '../ingestion/rules';
import type { ValidMessage } from '../ingestion/validation';
import { applySensorReadings } from '../sensors/ingest';
import { acceptanceCounts, errorCounts, movementCounts } from './counters';
import type { CashHistoryItem, CountedCashMessage } from './ports';

const timeZoneOf = (context: SalesContext | undefined, merchantId: string) => context?.timeZones.get(merchantId) ?? 'UTC';

/** The cash kinds' deps: the merchants' time zones and the cash store. */
export type CashDeps = KindDeps<'salesContext' | 'cash'>;
/** The sensors kind's deps: the cash store (the readings' history), the sensor stores and the alarms. */
export type SensorsDeps = KindDeps<'cash' | 'sensors' | 'alarms'>;

/** A kind whose messages are history items and counters. */
function cashKind(
  kind: IngestedKind,
  historyItems: (m: ValidMessage, device: CashHistoryItem['device']) => CashHistoryItem[],
  counted: (m: ValidMessage, timeZone: string) => Omit<CountedCashMessage, 'messageId'> | undefined,
): MessageKind<SalesContext, CashDeps> {
  return {
    kind,
    recordsProcessed: true,
    prepare: (devices, deps) => deps.salesContext.salesContext(devices),
    historyOf: () => [],
    async applyLatest(device, messages, { deps, now, prepared }) {
      const items = messages.flatMap((m) => historyItems(m, device));
      if (items.length) await deps.cash.putCashHistory(items);
      const timeZone = timeZoneOf(prepared, device.merchantId);
      const counts = messages.flatMap((m) => {
        const c = counted(m, timeZone);
        return c ? [{ messageId: m.message.messageId, ...c }] : [];
      });
      if (counts.length) await deps.cash.countCash(device, counts, epochSeconds(now) + MESSAGE_RECORD_TTL_SECONDS);
      return undefined;
    },
  };
}

export const cashAcceptance = cashKind(
  'cash-acceptance',
  () => [],
  (m, timeZone) => ({ days: acceptanceCounts((m.message as CashAcceptanceMessage).payload, timeZone), balance: 0 }),
);

export const cashMovements = cashKind(
  'cash-movements',
  (m, device) => {
    const { currency, movements } = (m.message as CashMovementsMessage).payload;
    return movements.map((movement, n) => ({
      kind: 'movement' as const,
      device,
      at: canonicalTime(movement.at),
      messageId: m.message.messageId,
      n,
      movement: { ...movement, currency },
    }));
  },
  (m, timeZone) => movementCounts((m.message as CashMovementsMessage).payload, timeZone),
);

export const deviceErrors = cashKind(
  'device-errors',
  (m, device) =>
    (m.message as DeviceErrorsMessage).payload.errors.map(({ at, ...error }, n) => ({
      kind: 'deviceError' as const,
      device,
      at: canonicalTime(at),
      messageId: m.message.messageId,
      n,
      error,
    })),
  (m, timeZone) => ({ days: errorCounts((m.message as DeviceErrorsMessage).payload, timeZone), balance: 0 }),
);

/** Sensor readings: one history item per message (the charts), then the machine's sensor state and dirtiness. */
export const sensors: MessageKind<undefined, SensorsDeps> = {
  kind: 'sensors',
  recordsProcessed: true,
  historyOf: () => [],
  async applyLatest(device, messages, { deps }) {
    const readings = messages.map((m) => {
      const { readAt, submodules } = (m.message as SensorsMessage).payload;
      return {
        messageId: m.message.messageId,
        at: canonicalTime(readAt),
        values: Object.assign({}, ...submodules.map((s) => s.values)) as Record<string, number>,
      };
    });
    await deps.cash.putCashHistory(readings.map((r) => ({ kind: 'sensors' as const, device, ...r })));
    await applySensorReadings(deps, device, readings);
    return undefined;
  },
};
