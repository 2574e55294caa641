import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ExportPos, ExportSource } from '../../core/historical-data/ports';
import { alarmOf } from './alarm-records';
import * as keys from './keys';
import { posNameProjection } from './pos-name';
import { queryPages, type ItemFilter } from './paging';
import { between, storedAudit, transaction } from './pos-history-repository';
import { entryOf as auditTrailEntryOf } from './audit-trail-store';

/**
 * Items per Query of an export's history reads: a 1 MB page of sales is about 3,300 items, which as SDK objects
 * and rows weigh some 20 MB until collected; smaller pages keep the exporting function's peak memory down.
 */
const EXPORT_PAGE_ITEMS = 1_000;

const FAILED_SALE: ItemFilter = { expression: '#e = :e', names: { '#e': 'errorSale' }, values: { ':e': true } };

/**
 * What a historical data export reads, by Query only (ACCESS-PATTERNS H6): the merchant's machines (18, both
 * partitions), its alarms index (A2), each machine's sales (I3) and audits (I4) of the period, oldest first.
 */
export class DynamoExportSource implements ExportSource {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async machines(merchantId: string): Promise<ExportPos[]> {
    const out: ExportPos[] = [];
    for (const hidden of [false, true]) {
      const partition = keys.posByName(merchantId, hidden, '', '').gsi1pk;
      for await (const page of queryPages(this.doc, { tableName: this.tableName, index: 'gsi1', partition, forward: true })) {
        out.push(...page.map((i) => posNameProjection.read(i)));
      }
    }
    return out;
  }

  async *alarms(merchantId: string, from: string, to: string) {
    // gsi1sk `{createdAt}#{serial}#{messageId}`: `to` itself sorts before every key created at `to`, so it is exclusive.
    const range = {
      tableName: this.tableName,
      index: 'gsi1' as const,
      partition: keys.merchantAlarmsPk(merchantId),
      between: { from, to },
      forward: true,
      pageItems: EXPORT_PAGE_ITEMS,
    };
    for await (const page of queryPages(this.doc, range)) yield page.map(alarmOf);
  }

  async *transactions(merchantId: string, serial: string, from: string, to: string, errorsOnly: boolean) {
    const range = {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: between(keys.historyPrefix.sale, { from, to }),
      forward: true,
      pageItems: EXPORT_PAGE_ITEMS,
    };
    for await (const page of queryPages(this.doc, errorsOnly ? { ...range, filter: FAILED_SALE } : range)) yield page.map(transaction);
  }

  async *audits(merchantId: string, serial: string, from: string, to: string) {
    const range = {
      tableName: this.tableName,
      partition: keys.posPk(merchantId, serial),
      between: between(keys.historyPrefix.audit, { from, to }),
      forward: true,
      pageItems: EXPORT_PAGE_ITEMS,
    };
    for await (const page of queryPages(this.doc, range)) yield page.map(storedAudit);
  }

  async *auditTrail(merchantId: string, from: string, to: string) {
    // gsi1sk `{at}#{seq}`: `to` itself sorts before every key written at `to`, so it is exclusive.
    const range = {
      tableName: this.tableName,
      index: 'gsi1' as const,
      partition: keys.auditTrailTimePk(merchantId),
      between: { from, to },
      forward: true,
      pageItems: EXPORT_PAGE_ITEMS,
    };
    for await (const page of queryPages(this.doc, range)) yield page.map(auditTrailEntryOf);
  }
}
