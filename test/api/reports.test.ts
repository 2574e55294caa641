/**
 * Reports over HTTP (issue 31 items 4–5): the products, machines and transactions tables of sales ingested once (a
 * repeated message counts once), "no data for the period" as the spec's error, bad input named, and a PDF and a CSV of
 * the same report made by the report workflow, downloaded through the presigned link, carrying the same totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { saleTransaction, salesMessage } from '../../infra/local/simulator';
import { parseCsv } from '../../functions/core/shared/csv';
import { pdfPages } from '../support/pdf-text';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';

let superAdmin: string;
let merchantId: string;
let serials: string[];
const { doc } = stackDeps();
afterAll(() => doc.destroy());

const DAY = '2025-05-06';
// 09:10Z is 11:10 in Rome, the merchant's time zone.
const AT = `${DAY}T09:10:00.000Z`;
const range = `from=${DAY}&to=${DAY}`;

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin, 2, 'Reports'));
  const deps = buildIngestionDeps(
    {
      region: 'eu-west-1',
      tableName: stack.tableName,
      dynamodbEndpoint: stack.dynamodb,
      offlineAfterSeconds: 900,
      onlineBucketSeconds: DEFAULT_ONLINE_BUCKET_SECONDS,
    },
    doc,
  );
  const sale = (productCode: string, priceTable: number, type: 1 | 2, value: number, extra: object = {}) =>
    saleTransaction({ productCode, priceTable, type, value, createdAt: AT, product: `Name ${productCode}`, ...extra });
  const first = salesMessage(serials[0]!, [sale('COF', 1, 2, 120), sale('COF', 1, 2, 120), sale('COF', 1, 1, 120), sale('WAT', 1, 2, 80, { freeSale: true })]);
  const second = salesMessage(serials[1]!, [sale('COF', 2, 2, 150), sale('WAT', 1, 2, 80, { errorSale: true })]);
  const ingest = (m: typeof first) => ingestBatch('sales', [{ ...m, topic: `vend/${m.serial}/sales`, receivedAt: Date.now() }], deps);
  // The first message twice: delivered again, counted once.
  const results = await Promise.all([ingest(first), ingest(second), ingest(first)]);
  expect(results.flatMap((r) => r.failed)).toEqual([]);
});

describe('reports', () => {
  it('products, machines and transactions from what was sold (a repeated message counted once)', async () => {
    const products = await api(`/report/products?merchantId=${merchantId}&${range}`, { token: superAdmin });
    expect(products.status, products.text).toBe(200);
    expect(products.body).toMatchObject({ type: 'products', merchantId, currency: 'EUR', timezone: 'Europe/Rome', from: DAY, to: DAY, rowCount: 3 });
    expect(products.body.rows).toEqual([
      { product: 'Name COF', productCode: 'COF', priceTable: '1', sold: 3, value: 360, free: 0, failed: 0 },
      { product: 'Name COF', productCode: 'COF', priceTable: '2', sold: 1, value: 150, free: 0, failed: 0 },
      { product: 'Name WAT', productCode: 'WAT', priceTable: '1', sold: 0, value: 0, free: 1, failed: 1 },
    ]);
    expect(products.body.totals).toMatchObject({ sold: 4, value: 510, free: 1, failed: 1 });
    const one = await api(`/report/products?merchantId=${merchantId}&${range}&productCode=WAT`, { token: superAdmin });
    expect(one.body.rows).toHaveLength(1);
    expect(one.body.parameter).toEqual({ name: 'productCode', value: 'WAT' });

    const pos = await api(`/report/pos?merchantId=${merchantId}&${range}`, { token: superAdmin });
    expect(pos.status, pos.text).toBe(200);
    const bySerial = Object.fromEntries(pos.body.rows.map((r: any) => [r.serial, r]));
    expect(bySerial[serials[0]!]).toMatchObject({
      vends: 3,
      value: 360,
      cash: 240,
      cashless: 120,
      free: 1,
      failed: 0,
      averageTicket: 120,
      daysWithoutSales: 0,
    });
    expect(bySerial[serials[0]!].cashlessShare).toBeCloseTo(1 / 3);
    expect(bySerial[serials[1]!]).toMatchObject({ vends: 1, value: 150, failed: 1 });

    const transactions = await api(`/report/transactions?merchantId=${merchantId}&${range}`, { token: superAdmin });
    expect(transactions.status, transactions.text).toBe(200);
    expect(transactions.body.rowCount).toBe(6);
    expect(transactions.body.rows).toHaveLength(6);
    expect(transactions.body.totals.value).toBe(120 * 3 + 80 + 150 + 80);
  });

  it('a range without data is the spec’s "no data for the period", for the table and for a file', async () => {
    for (const type of ['products', 'pos', 'transactions', 'alarms-downtime']) {
      const res = await api(`/report/${type}?merchantId=${merchantId}&from=2024-01-01&to=2024-01-31`, { token: superAdmin });
      expect(res.status, `${type}: ${res.text}`).toBe(404);
      expect(res.body.code).toBe('ReportNoDataException');
    }
    const file = await api(`/report/products/files?merchantId=${merchantId}&from=2024-01-01&to=2024-01-31`, {
      method: 'POST',
      token: superAdmin,
      body: { format: 'pdf' },
    });
    expect(file.status).toBe(404);
    expect(file.body.code).toBe('ReportNoDataException');
  });

  it('bad input: an unknown type or parameter, a parameter of another type, an inverted or too long range → 400 naming it', async () => {
    const expect400 = async (path: string, field: string) => {
      const res = await api(path, { token: superAdmin });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(JSON.stringify(res.body.details)).toContain(field);
    };
    await expect400(`/report/sales?merchantId=${merchantId}&${range}`, 'type');
    await expect400(`/report/products?merchantId=${merchantId}&${range}&colour=red`, 'colour');
    await expect400(`/report/products?merchantId=${merchantId}&${range}&clientId=c1`, 'clientId');
    await expect400(`/report/alarms-downtime?merchantId=${merchantId}&${range}&productCode=COF`, 'productCode');
    await expect400(`/report/products?merchantId=${merchantId}&from=2025-05-07&to=2025-05-06`, 'to');
    await expect400(`/report/products?merchantId=${merchantId}&from=2024-01-01&to=2025-05-06`, 'from');
  });

  it('a PDF and a CSV of the same report, made by the workflow and downloaded by link, carry the same totals', async () => {
    const make = async (format: 'pdf' | 'csv') => {
      const made = await api(`/report/products/files?merchantId=${merchantId}&${range}`, {
        method: 'POST',
        token: superAdmin,
        body: { format, language: 'en' },
      });
      expect(made.status, made.text).toBe(202);
      expect(made.body).toMatchObject({ status: 'Created', type: 'products', format, expectedRows: 3 });
      return made.body.id as string;
    };
    const [pdfId, csvId] = await Promise.all([make('pdf'), make('csv')]);
    const download = async (id: string) => {
      for (let i = 0; ; i++) {
        const file = await api(`/report-files/${id}?merchantId=${merchantId}`, { token: superAdmin });
        if (file.body.status === 'Completed') {
          expect(file.body.rows).toBe(3);
          break;
        }
        expect(file.body.status).toBe('Created');
        expect(i).toBeLessThan(100);
        await new Promise((r) => setTimeout(r, 100));
      }
      const link = await api(`/report-files/${id}/download?merchantId=${merchantId}`, { token: superAdmin });
      expect(link.status).toBe(302);
      return Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer());
    };
    const [pdf, csv] = await Promise.all([download(pdfId), download(csvId)]);
    const totals = parseCsv(csv.toString()).at(-1)!;
    expect(totals).toEqual(['TOTAL', '', '', '4', '5.10', '1', '1']);
    const [page] = pdfPages(pdf);
    expect(page![0]).toBe('Products report');
    const afterTotals = page!.slice(page!.indexOf('Totals') + 1);
    expect(afterTotals).toEqual(['4', '€5.10', '1', '1']);

    // Another user's file is not theirs to read.
    const other = await api(`/report-files/${pdfId}?merchantId=${merchantId}`, { token: await tokenFor('NEBULARMERCHANTADMIN') });
    expect(other.status).toBe(404);
  });
});
