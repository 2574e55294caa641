import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STAT_CATEGORIES } from '#schemas/transaction-constants';
import type { MachineDays, ReportMachine, ReportSource } from '../../core/reports/ports';
import { monthsOfDays } from '../../core/reports/figures';
import { emptyFigures, type Figures } from '../../core/transactions/stats';
import { DynamoExportSource } from './export-source';
import * as keys from './keys';
import { queryPages } from './paging';
import { readProductCounters } from './product-sales';
import { statsMonthRecord } from './sales-figures';
import { DynamoTransactionRepository } from './transaction-repository';

/**
 * What reports read (ACCESS-PATTERNS R1–R3), by Query only: the products counters (R1) and the machines' month items
 * (T7) per local month of the range, the merchant's machines (18), its alarms index of the range (A2), its
 * transactions by month (T1/T2) and day counters (T5/T6).
 */
export class DynamoReportSource implements ReportSource {
  private readonly exports: DynamoExportSource;
  private readonly transactionsRepo: DynamoTransactionRepository;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.exports = new DynamoExportSource(doc, tableName);
    this.transactionsRepo = new DynamoTransactionRepository(doc, tableName);
  }

  productCounters(merchantId: string, months: readonly string[]) {
    return readProductCounters(this.doc, this.tableName, merchantId, months);
  }

  async machineDays(merchantId: string, fromDay: string, toDay: string): Promise<MachineDays[]> {
    const months = monthsOfDays(fromDay, toDay);
    const perMonth = await Promise.all(
      months.map(async (month) => {
        const items: Record<string, unknown>[] = [];
        let start: Record<string, unknown> | undefined;
        do {
          const res = await this.doc.send(
            new QueryCommand({
              TableName: this.tableName,
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': keys.machineSalesStatsPk(merchantId, month) },
              ExclusiveStartKey: start,
            }),
          );
          items.push(...(res.Items ?? []));
          start = res.LastEvaluatedKey;
        } while (start);
        return { month, items };
      }),
    );
    const machines = new Map<string, MachineDays>();
    for (const { month, items } of perMonth) {
      for (const { serial, posName, groupId, figures } of items.map((i) => statsMonthRecord.read(i))) {
        const entry = machines.get(serial) ?? { serial, posName, groupId, days: new Map<string, Figures>() };
        for (let d = 1; d <= 31; d++) {
          const dd = String(d).padStart(2, '0');
          const day = `${month}-${dd}`;
          if (day < fromDay || day > toDay) continue;
          const f = emptyFigures();
          let any = false;
          for (const c of STAT_CATEGORIES) {
            const names = keys.salesStatsAttributes(c, dd);
            const count = figures[names.count] ?? 0;
            if (count) any = true;
            f[c] = { count, value: figures[names.value] ?? 0 };
          }
          if (any) entry.days.set(day, f);
        }
        machines.set(serial, entry);
      }
    }
    return [...machines.values()];
  }

  async machines(merchantId: string): Promise<ReportMachine[]> {
    const out: ReportMachine[] = [];
    for (const hidden of [false, true]) {
      const partition = keys.posByName(merchantId, hidden, '', '').gsi1pk;
      for await (const page of queryPages(this.doc, { tableName: this.tableName, index: 'gsi1', partition, forward: true })) {
        for (const i of page)
          out.push({
            serial: String(i.serial),
            name: String(i.name),
            groupId: typeof i.groupId === 'string' ? i.groupId : null,
            clientId: typeof i.clientId === 'string' ? i.clientId : null,
          });
      }
    }
    return out;
  }

  alarms(merchantId: string, from: string, to: string) {
    return this.exports.alarms(merchantId, from, to);
  }

  transactions(merchantId: string, groupIds: readonly string[] | undefined, from: string, to: string) {
    const source = groupIds ? ({ kind: 'groups', groupIds } as const) : ({ kind: 'merchant' } as const);
    return this.transactionsRepo.pages({ merchantId, from, to, source }, 'asc');
  }

  dayFigures(merchantId: string, groupIds: readonly string[] | undefined, fromDay: string, toDay: string) {
    return this.transactionsRepo.dayFigures(merchantId, groupIds, fromDay, toDay);
  }
}
