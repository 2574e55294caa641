/**
 * Reports (issue 31 items 4–5): figures from known counters, and the PDF read back from its text: header, totals,
 * amounts of currencies whose signs and letters the standard PDF fonts lack.
 */
import { describe, expect, it } from 'vitest';
import type { ReportResult } from '#schemas/report';
import { reportPdf } from '../../functions/adapters/pdf/report-pdf';
import { reportCsv } from '../../functions/core/reports/file';
import { downtimeRows, monthsOfDays, posRows, productRows, transactionTotals, REPORT_COLUMNS } from '../../functions/core/reports/figures';
import { productIncrements, type ProductCounter } from '../../functions/core/reports/product-counters';
import { emptyFigures } from '../../functions/core/transactions/stats';
import type { StoredAlarm } from '../../functions/core/alarms/model';
import { parseCsv } from '../../functions/core/shared/csv';
import { pdfPages } from '../support/pdf-text';

const counter = (month: string, productCode: string, priceTable: number, groupId: string | null, counters: Record<string, number>): ProductCounter => ({
  month,
  productCode,
  priceTable,
  product: `Product ${productCode}`,
  groupId,
  counters,
});

describe('report figures from counters', () => {
  it('products: sums shards, groups and months over the days of the range only; free and failed apart', () => {
    const counters = [
      counter('2026-01', 'COF', 1, 'g1', { n30: 2, v30: 200, n31: 1, v31: 100, f31: 1 }),
      counter('2026-01', 'COF', 1, 'g2', { n31: 3, v31: 300, e31: 2 }),
      counter('2026-02', 'COF', 1, 'g1', { n01: 4, v01: 400, n02: 9, v02: 900 }),
      counter('2026-02', 'COF', 2, 'g1', { n01: 1, v01: 150 }),
      counter('2026-02', 'WAT', 1, null, { n01: 1, v01: 50 }),
    ];
    const all = productRows(counters, '2026-01-31', '2026-02-01', {});
    expect(all.rows).toEqual([
      { product: 'Product COF', productCode: 'COF', priceTable: '1', sold: 8, value: 800, free: 1, failed: 2 },
      { product: 'Product COF', productCode: 'COF', priceTable: '2', sold: 1, value: 150, free: 0, failed: 0 },
      { product: 'Product WAT', productCode: 'WAT', priceTable: '1', sold: 1, value: 50, free: 0, failed: 0 },
    ]);
    expect(all.totals).toMatchObject({ sold: 10, value: 1000, free: 1, failed: 2, product: null });
    expect(productRows(counters, '2026-01-31', '2026-02-01', { groupIds: ['g2'] }).totals).toMatchObject({ sold: 3, value: 300, failed: 2 });
    expect(productRows(counters, '2026-01-31', '2026-02-01', { productCode: 'WAT' }).rows).toHaveLength(1);
    expect(monthsOfDays('2025-12-30', '2026-02-01')).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('products counters: vends sold with their value, free and failed counted apart, recharges not a product sale', () => {
    const sale = (type: number, extra: object = {}) => ({ type, productCode: 'COF', priceTable: 1, value: 120, createdAt: '2026-01-31T23:30:00Z', ...extra });
    const [inc] = productIncrements([sale(2), sale(1), sale(2, { freeSale: true }), sale(2, { errorSale: true }), sale(4)], 'Europe/Rome');
    // 23:30Z on the 31st is February 1st in Rome.
    expect(inc!.month).toBe('2026-02');
    expect(Object.fromEntries(inc!.adds)).toEqual({ n01: 2, v01: 240, f01: 1, e01: 1 });
  });

  it('machines: vends, values, cashless share, average ticket and days without sales, a machine without sales too', () => {
    const day = (cash: number, cashless: number) => {
      const f = emptyFigures();
      f.cash = { count: cash, value: cash * 100 };
      f.cashless = { count: cashless, value: cashless * 100 };
      return f;
    };
    const { rows, totals, hasData } = posRows(
      [
        { serial: 'B-1', name: 'Beta', groupId: null, clientId: null },
        { serial: 'A-1', name: 'Alpha', groupId: null, clientId: null },
      ],
      [{ serial: 'A-1', posName: 'Alpha', groupId: null, days: new Map([['2026-01-02', day(3, 1)]]) }],
      '2026-01-01',
      '2026-01-03',
    );
    expect(hasData).toBe(true);
    expect(rows[0]).toMatchObject({
      posName: 'Alpha',
      vends: 4,
      value: 400,
      cash: 300,
      cashless: 100,
      cashlessShare: 0.25,
      averageTicket: 100,
      daysWithoutSales: 2,
    });
    expect(rows[1]).toMatchObject({ posName: 'Beta', vends: 0, cashlessShare: null, averageTicket: null, daysWithoutSales: 3 });
    expect(totals).toMatchObject({ vends: 4, value: 400, daysWithoutSales: 5, cashlessShare: 0.25, averageTicket: 100 });
  });

  it('alarms downtime: per machine and code, time open within the range, mean time to repair, share of the range', () => {
    const alarm = (serial: string, code: string, createdAt: string, repairedAt: string | null) => ({ serial, code, createdAt, repairedAt }) as StoredAlarm;
    const from = '2026-01-01T00:00:00.000Z';
    const to = '2026-01-02T00:00:00.000Z';
    const { rows, totals } = downtimeRows(
      [
        alarm('S1', 'E1', '2026-01-01T00:00:00Z', '2026-01-01T06:00:00Z'),
        alarm('S1', 'E1', '2026-01-01T12:00:00Z', '2026-01-01T14:00:00Z'),
        alarm('S2', 'E2', '2026-01-01T18:00:00Z', null),
      ],
      new Map([['S1', 'One']]),
      from,
      to,
      '2026-01-05T00:00:00Z',
    );
    expect(rows).toEqual([
      { posName: 'One', serial: 'S1', code: 'E1', raised: 2, repaired: 2, downtime: 8 * 3600, meanTimeToRepair: 4 * 3600, downShare: 8 / 24 },
      { posName: 'S2', serial: 'S2', code: 'E2', raised: 1, repaired: 0, downtime: 6 * 3600, meanTimeToRepair: null, downShare: 6 / 24 },
    ]);
    expect(totals).toMatchObject({ raised: 3, repaired: 2, downtime: 14 * 3600, meanTimeToRepair: 4 * 3600 });
  });

  it('transactions: the count and value of every category from the day counters', () => {
    const f = emptyFigures();
    f.cash = { count: 2, value: 300 };
    f.recharges = { count: 1, value: 1000 };
    f.other = { count: 4, value: 0 };
    expect(transactionTotals(new Map([['2026-01-01', f]]))).toMatchObject({ count: 7, totals: { value: 1300 } });
  });
});

const head = (currency: ReportResult['currency'], merchantName: string): Omit<ReportResult, 'rows'> => ({
  type: 'products',
  merchantId: 'm',
  merchantName,
  currency,
  timezone: 'Europe/Bucharest',
  from: '2026-01-01',
  to: '2026-01-31',
  parameter: null,
  generatedAt: '2026-02-01T10:00:00Z',
  columns: REPORT_COLUMNS.products,
  totals: { product: null, productCode: null, priceTable: null, sold: 3, value: 1234567, free: 0, failed: 0 },
  rowCount: 2,
});
const rows = [
  { product: 'Kofola čerstvá', productCode: 'K1', priceTable: '1', sold: 1, value: 1000, free: 0, failed: 0 },
  { product: 'Apă plată Ţuţuiată', productCode: 'A1', priceTable: '1', sold: 2, value: 1233567, free: 0, failed: 0 },
];
async function* once<T>(r: T) {
  yield r;
}
async function bytesOf(chunks: AsyncIterable<Uint8Array | string>) {
  const out: Buffer[] = [];
  for await (const c of chunks) out.push(Buffer.from(c));
  return Buffer.concat(out);
}

describe('the report PDF', () => {
  it.each([
    ['CZK', 'de', '1.234.567 Kč'],
    ['RON', 'it', '12.345,67 lei'],
    ['PYG', 'es', '1.234.567 ₲'],
  ] as const)(
    '%s in %s: header, repeated column titles, totals and the amount in the currency’s sign, read back from the text',
    async (currency, language, total) => {
      const pdf = await bytesOf(reportPdf({ head: head(currency, 'Distribuție Ñandú s.r.o.'), rows: once(rows), language, format: 'pdf' }));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const [page] = pdfPages(pdf);
      const text = page!.join('\n');
      expect(text).toContain('Distribuție Ñandú s.r.o.');
      expect(text).toContain('Kofola čerstvá');
      expect(text).toContain('Apă plată Ţuţuiată');
      expect(text).toContain(currency);
      expect(page!.map((l) => l.replace(/\s/g, ' '))).toContain(total.replace(/\s/g, ' '));
    },
  );

  it('repeats the header on every page, numbers the pages, and ends with the totals', async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({ ...rows[0]!, productCode: `P${i}`, value: 100 }));
    const pdf = await bytesOf(reportPdf({ head: { ...head('EUR', 'Acme'), rowCount: many.length }, rows: once(many), language: 'en', format: 'pdf' }));
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((p, i) => {
      expect(p[0]).toBe('Products report');
      expect(p).toContain('Sold');
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages.at(-1)).toContain('Totals');
  });

  it('the CSV of the same report carries the same totals, money in major units', async () => {
    const csv = (await bytesOf(reportCsv({ head: head('RON', 'Acme'), rows: once(rows), language: 'en', format: 'csv' }))).toString();
    const parsed = parseCsv(csv);
    expect(parsed[0]).toEqual(REPORT_COLUMNS.products.map((c) => c.id));
    expect(parsed.at(-1)).toEqual(['TOTAL', '', '', '3', '12345.67', '0', '0']);
  });
});
