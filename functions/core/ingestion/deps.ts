/**
 * What a batch of device messages needs: every kind the connection sweep's stores, the dedup, invalid messages and
 * history (BatchDeps); each kind only its own extras besides (KindDeps), so a trigger bundles its kind's stores only.
 */
import type { AuditEvaDts } from '#schemas/pos-history';
import type { AlarmWriter } from '../alarms/ports';
import type { CashIngestionStore } from '../cash/ports';
import type { SensorStates, SensorThresholds } from '../sensors/ports';
import type { DevicePublisher, MediaLists, MediaRepository } from '../medias/ports';
import type { StockRepository } from '../stock/ports';
import type { SweepDeps } from './connection-sweep';
import type { Device, InvalidMessages, ProcessedMessages, ReportedHistory, SalesContextReader, SalesStats } from './ports';

export type { IngestionSettings, SweepDeps } from './connection-sweep';

/** The price lists (LA1) of a machine's latest whole audit, for its prices' sync (core/prices/sync.ts). */
export type AuditPricesHandler = (device: Device, readAt: string, priceLists: AuditEvaDts['priceLists']) => Promise<unknown>;

/** What the batch's common path (batch.ts) uses, whatever the kind. */
export interface BatchDeps extends SweepDeps {
  processedMessages: ProcessedMessages;
  invalidMessages: InvalidMessages;
  history: ReportedHistory;
}

/** Every kind's extras together (kinds.ts: the local stack's seeding and the tests ingest every kind with one). */
export interface IngestionDeps extends BatchDeps {
  alarms: AlarmWriter;
  /** Machines' stock records: sales take from their lines, audits reconcile and refill (core/stock/writes.ts). */
  stock: Pick<StockRepository, 'get' | 'put'>;
  auditPrices?: AuditPricesHandler;
  /** Media records: a batch's sales with a media create and update them (core/medias/ingest.ts). */
  medias?: Pick<MediaRepository, 'getMany' | 'get' | 'save'>;
  /** The telemetry trigger's: a ping holding an older media list gets the list (core/medias/media-list.ts). */
  mediaLists?: { lists: MediaLists; publisher: DevicePublisher };
  /** Sales: the machines' names and merchants' time zones, and the statistics counted once per message. */
  salesContext: SalesContextReader;
  salesStats: SalesStats;
  /** A cash-handling machine's movements, device errors, sensor readings and the counters of its cash (core/cash). */
  cash: CashIngestionStore;
  /** Sensor thresholds per model and the machines' sensor states (core/sensors). */
  sensors: { thresholds: SensorThresholds; states: SensorStates };
}

/** A kind's deps: the common ones and the named extras of IngestionDeps. */
export type KindDeps<K extends Exclude<keyof IngestionDeps, keyof BatchDeps> = never> = BatchDeps & Pick<IngestionDeps, K>;
