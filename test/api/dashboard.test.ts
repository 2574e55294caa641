/**
 * GET /dashboard (issue 30 item 1) over HTTP: its sales equal the sums of the listed transactions of the same days,
 * today is compared hour for hour with the same weekday a week before, a group admin sees its groups' figures only,
 * and open anomalies are the active alarms of the anomaly codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANOMALY_CODES } from '#schemas/anomaly-constants';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { addDays, dayIn, dayStart } from '../../functions/core/shared/zoned-time';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { alarmMessage, saleTransaction, salesMessage } from '../../infra/local/simulator';
import { STAT_CATEGORIES, transactionCategory } from '#schemas/transaction-constants';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { idToken, stack, stackDeps, tokenFor } from './support/stack';

const { doc } = stackDeps();
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
afterAll(() => doc.destroy());

let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchantUser = '';
let bravoAdmin = '';
beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin, merchantUser, bravoAdmin] = await Promise.all([
    tokenFor('NEBULARSUPERADMIN'),
    tokenFor('NEBULARMERCHANTADMIN'),
    tokenFor('NEBULARGROUPADMIN'),
    tokenFor('NEBULARMERCHANTUSER'),
    idToken(stack.users.find((u) => u.email === 'bravo.admin@demo.local')!),
  ]);
});

type Figures = Record<string, { count: number; value: number }>;

/** Count and value per category of listed transactions (`other` counts only). */
function sums(items: Array<{ type: number; freeSale: boolean; errorSale: boolean; value: number }>): Figures {
  const out: Figures = Object.fromEntries(STAT_CATEGORIES.map((c) => [c, { count: 0, value: 0 }]));
  for (const t of items) {
    const c = transactionCategory(t);
    out[c]!.count++;
    if (c !== 'other') out[c]!.value += t.value;
  }
  return out;
}

/** Every listed transaction of local days `from`…`to` (the merchant's time zone). */
async function listed(merchantId: string, timezone: string, from: string, to: string, token: string) {
  const items: Array<{ type: number; freeSale: boolean; errorSale: boolean; value: number }> = [];
  const range = `merchantId=${merchantId}&from=${dayStart(from, timezone)}&to=${dayStart(addDays(to, 1), timezone)}&size=100`;
  for (let page = 1, cursor: string | undefined; page < 20; page++) {
    const res = await api(`/transactions?${range}&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.cursor;
    if (!cursor) break;
  }
  return items;
}

const ingest = async (kind: 'sales' | 'alarms', message: { serial: string }) =>
  expect((await ingestBatch(kind, [{ ...message, topic: `vend/${message.serial}/${kind}`, receivedAt: Date.now() }], deps)).failed).toEqual([]);

describe('GET /dashboard', () => {
  it('a merchant’s sales: today against the same weekday’s hours, week and month against the period before, each the sum of its listed transactions', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 2, 'Dash');
    const now = Date.now();
    const justNow = new Date(now - 60_000).toISOString();
    const weekBefore = new Date(now - 7 * 86_400_000 - 60_000).toISOString();
    const monthBefore = new Date(now - 31 * 86_400_000).toISOString();
    await ingest(
      'sales',
      salesMessage(serials[0]!, [saleTransaction({ type: 2, value: 150, createdAt: justNow }), saleTransaction({ type: 1, value: 90, createdAt: justNow })]),
    );
    await ingest('sales', salesMessage(serials[1]!, [saleTransaction({ type: 3, value: 70, mediaType: 2, createdAt: weekBefore, media: undefined })]));
    await ingest('sales', salesMessage(serials[1]!, [saleTransaction({ type: 2, value: 40, createdAt: monthBefore })]));

    const res = await api(`/dashboard?merchantId=${merchantId}`, { token: superAdmin });
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      currency: 'EUR',
      timezone: 'Europe/Rome',
      machines: { total: 2, visible: 2 },
      commands: { pending: 0, failed: 0 },
      anomalies: [],
    });
    expect(d.today).toBe(dayIn('Europe/Rome', new Date(now).toISOString()));
    if (dayIn('Europe/Rome', justNow) === d.today) {
      expect(d.sales.today.current).toMatchObject({ cash: { count: 1, value: 150 }, cashless: { count: 1, value: 90 } });
      expect(d.sales.today.previous).toMatchObject({ media: { count: 1, value: 70 } });
    }
    for (const block of ['week', 'month'] as const) {
      const { from, to, current, previousFrom, previousTo, previous } = d.sales[block];
      expect(current, block).toEqual(sums(await listed(merchantId, d.timezone, from, to, superAdmin)));
      expect(previous, `${block} before`).toEqual(sums(await listed(merchantId, d.timezone, previousFrom, previousTo, superAdmin)));
    }
    expect(d.chart.week.map((p: { day: string }) => p.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(d.today, i - 6)));
    expect(d.chart.month[0].day).toBe(`${d.today.slice(0, 7)}-01`);
    expect(d.chart.month.at(-1).day).toBe(d.today);
    const chartCash = d.chart.week.reduce((n: number, p: { figures: Figures }) => n + p.figures.cash!.value, 0);
    expect(chartCash).toBe(sums(await listed(merchantId, d.timezone, addDays(d.today, -6), d.today, superAdmin)).cash!.value);
  });

  it('per role: a group admin sees its groups’ figures only, a merchant user its merchant’s; another merchant or an unknown one is 404', async () => {
    const mine = await api('/dashboard?merchantId=acme-vending', { token: merchantAdmin });
    expect(mine.status, mine.text).toBe(200);
    const { from, to } = mine.body.sales.month;
    const stats = await api(`/transactions/stats?merchantId=acme-vending&from=${from}&to=${to}`, { token: merchantAdmin });
    expect(mine.body.sales.month.current).toEqual(stats.body.totals);

    const group = await api('/dashboard?merchantId=acme-vending', { token: groupAdmin });
    expect(group.status, group.text).toBe(200);
    const groupStats = await api(`/transactions/stats?merchantId=acme-vending&from=${from}&to=${to}`, { token: groupAdmin });
    expect(group.body.sales.month.current).toEqual(groupStats.body.totals);
    const groupCounts = await api('/pos/counts?merchantId=acme-vending', { token: groupAdmin });
    expect(group.body.machines).toEqual(groupCounts.body);
    expect(group.body.machines.total).toBeLessThan(mine.body.machines.total);
    // A group that is not its own: nothing.
    const foreign = await api('/dashboard?merchantId=acme-vending&groupId=acme-south', { token: groupAdmin });
    expect(foreign.body.machines.total).toBe(0);
    expect(foreign.body.sales.month.current.cash).toEqual({ count: 0, value: 0 });

    expect((await api('/dashboard?merchantId=acme-vending', { token: merchantUser })).status).toBe(200);
    expect((await api('/dashboard?merchantId=acme-vending', { token: bravoAdmin })).status).toBe(404);
    const unknown = await api('/dashboard?merchantId=no-such-merchant', { token: superAdmin });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('MerchantNotFoundException');
    expect((await api('/dashboard?merchantId=acme-vending&groupId=a%20b', { token: superAdmin })).status).toBe(400);
  });

  it('open anomalies: the active alarms of the anomaly codes, newest first; other alarms and repaired anomalies are not listed', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 2);
    const [a, b] = serials as [string, string];
    await ingest('alarms', alarmMessage(a, { code: ANOMALY_CODES[0]!, at: new Date(Date.now() - 120_000).toISOString() }));
    await ingest('alarms', alarmMessage(b, { code: ANOMALY_CODES[1]!, at: new Date(Date.now() - 60_000).toISOString() }));
    await ingest('alarms', alarmMessage(b, { code: 'E42', at: new Date().toISOString() }));
    await ingest('alarms', alarmMessage(a, { code: ANOMALY_CODES[2]!, at: new Date(Date.now() - 30_000).toISOString() }));
    await ingest('alarms', alarmMessage(a, { code: ANOMALY_CODES[2]!, state: 'cleared', at: new Date().toISOString() }));
    const res = await api(`/dashboard?merchantId=${merchantId}`, { token: superAdmin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.anomalies.map((x: { serial: string; code: string }) => [x.serial, x.code])).toEqual([
      [b, ANOMALY_CODES[1]],
      [a, ANOMALY_CODES[0]],
    ]);
    expect(res.body.anomalies[0].posName).toBe(`Ingestion ${b}`);
  });
});
