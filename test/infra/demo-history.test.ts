/**
 * `npm start`'s demo is lived in: a stack with the demo history (DEMO_HISTORY=1, as start.ts asks for it) shows,
 * through the API as the demo users see it, a week of alarms, remote commands in every status, charts, sales,
 * audits and cash going back days, a machine offline and one hidden; and seeding again adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANOMALY_ALARM_CODES, ANOMALY_CODES } from '#schemas/anomaly-constants';
import { BASELINE_WEEKS } from '../../functions/core/anomalies/rules';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { loadIngestionConfig } from '../../functions/triggers/ingestion-config';
import { DEMO_PLANOGRAMS } from '../../infra/local/demo-data';
import { seedDemoHistory } from '../../infra/local/demo-history';
import { DEMO_NEW_KEY } from '../../infra/local/demo-medias';
import { demoKeys } from '../../infra/local/simulated-payments';
import type { LocalRepositories } from '../../infra/local/repositories';
import { signInWithPassword } from '../../infra/local/emulators/cognito';
import type { StackInfo } from '../../infra/local/stack-info';
import { runScheduleNow } from '../../infra/local/idle';
import { depsForStack, stackEnvironment, startStackProcess } from '../../infra/local/stack-process';
import { COMMAND_RESULT, COMMAND_STATUSES } from '#schemas/remote-command';

const ACME = 'acme-vending';
const DAY = 86_400_000;

let stack: { info: StackInfo; stop(): Promise<void> };
let deps: LocalRepositories;
const tokens: Record<string, string> = {};

async function api(path: string, as = 'merchant.admin@demo.local'): Promise<any> {
  const res = await fetch(`${stack.info.api}${path}`, { headers: { authorization: `Bearer ${tokens[as]}` } });
  expect(res.status, `${path} as ${as}`).toBe(200);
  return res.json();
}

beforeAll(async () => {
  // The anomaly sweep runs when the last test asks (a run in between would raise alarms the counts compare).
  stack = await startStackProcess({ env: { DEMO_HISTORY: '1', ANOMALY_SWEEP_INTERVAL_MS: String(24 * 3_600_000) }, timeoutMs: 230_000 });
  for (const user of stack.info.users) tokens[user.email] = (await signInWithPassword(stack.info.cognito, user.email, user.password)).idToken;
  deps = depsForStack(stack.info);
  // The whole demo with its history (weeks of baselines, cash machines, licences, rollout rules) seeds while npm test's
  // four other stacks start on the same two cores: past the project's 120 s at that moment, about 50 s alone. The
  // stack's own start waits as long as the hook (its default, 120 s, ended the start before the hook did).
}, 240_000);

afterAll(async () => {
  deps?.doc.destroy();
  await stack?.stop();
});

const since = (ms: number) => encodeURIComponent(new Date(Date.now() - ms).toISOString());
const today = () => new Date().toISOString().slice(0, 10);

describe("the demo's week", () => {
  it('fills the dashboard: alarms open, repaired by their machines and by users, created on several days; the lists agree with the counts', async () => {
    const { counts, days } = await api(`/merchants/${ACME}/alarms/stats`);
    expect(counts.byStatus.active).toBeGreaterThanOrEqual(3);
    expect(counts.byStatus.notification).toBeGreaterThanOrEqual(1);
    expect(counts.byStatus.repaired).toBeGreaterThan(0);
    expect(counts.byStatus.repairedManually).toBeGreaterThanOrEqual(2);
    expect(days.filter((d: { counts: { total: number } }) => d.counts.total > 0).length).toBeGreaterThanOrEqual(3);
    expect((await api(`/merchants/${ACME}/alarms?status=all&size=100`)).total).toBe(counts.total);
    expect((await api(`/merchants/${ACME}/alarms?status=active`)).total).toBe(counts.byStatus.active);
    const created = (d: { counts: { total: number } }) => d.counts.total;
    const sinceFirstDay = encodeURIComponent(`${days[0].day}T00:00:00.000Z`);
    expect((await api(`/merchants/${ACME}/alarms?status=all&from=${sinceFirstDay}`)).total).toBe(days.map(created).reduce((a: number, b: number) => a + b));

    const group = await api(`/merchants/${ACME}/alarms/stats`, 'group.admin@demo.local');
    expect(group.counts.byStatus.active).toBeGreaterThan(0);
    expect((await api(`/merchants/${ACME}/alarms?status=all&size=100`, 'group.admin@demo.local')).total).toBe(group.counts.total);
  });

  it('lists remote commands in every status, with every result the cloud gives', async () => {
    const page = await api(`/remote-commands?merchantId=${ACME}&size=100`);
    expect(page.total).toBe(page.items.length);
    const statuses = new Set(page.items.map((c: { status: number }) => c.status));
    expect([...statuses].sort()).toEqual([...COMMAND_STATUSES].sort());
    const results = new Set(page.items.map((c: { result: number | null }) => c.result));
    for (const result of [COMMAND_RESULT.retriesExceeded, COMMAND_RESULT.expired, COMMAND_RESULT.cancelledByUser, COMMAND_RESULT.success])
      expect(results).toContain(result);
    expect(
      page.items.some((c: { scheduledAt: string | null; status: number }) => c.status === 0 && c.scheduledAt && Date.parse(c.scheduledAt) > Date.now()),
    ).toBe(true);
    expect(Math.min(...page.items.map((c: { createdAt: string }) => Date.parse(c.createdAt)))).toBeLessThan(Date.now() - 5 * DAY);

    const north = await api(`/remote-commands?merchantId=${ACME}&size=100`, 'group.admin@demo.local');
    expect(north.total).toBeGreaterThan(0);
    expect(north.items.every((c: { groupId: string }) => c.groupId === 'acme-north')).toBe(true);
  });

  it('leaves the planogram machines with stock that fell through the week: lines low, one out, Bergamo Fiera refilled two days ago', async () => {
    const page = await api(`/stock/manage?merchantId=${ACME}&size=20`);
    expect(page.total).toBe(DEMO_PLANOGRAMS.reduce((n, p) => n + p.machines.length, 0));
    const rows = page.items as Array<{
      name: string;
      fillPercent: number;
      linesOut: number;
      linesLow: number;
      lastRefillAt: string;
      daysToSellOut: number | null;
    }>;
    expect(rows.map((r) => r.fillPercent)).toEqual(rows.map((r) => r.fillPercent).sort((a, b) => a - b));
    expect(rows.every((r) => r.fillPercent < 100)).toBe(true);
    expect(rows.reduce((n, r) => n + r.linesLow, 0)).toBeGreaterThan(0);
    expect(rows.reduce((n, r) => n + r.linesOut, 0)).toBeGreaterThan(0);
    const refilled = rows.find((r) => r.name === 'Bergamo Fiera')!;
    expect(Date.parse(refilled.lastRefillAt)).toBeGreaterThan(Date.now() - 3 * DAY);
    expect(rows.filter((r) => r.name !== 'Bergamo Fiera').every((r) => Date.parse(r.lastRefillAt) < Date.now() - 6 * DAY)).toBe(true);
    expect(rows.some((r) => r.daysToSellOut !== null)).toBe(true);
  });

  it("draws a machine's charts, transactions, audits and cash back through the week", async () => {
    const range = `from=${since(7 * DAY)}&to=${since(0)}`;
    const signal = await api(`/pos/CENG-00000001/historical-signal?${range}`);
    expect(signal.length).toBeGreaterThan(150);
    expect(signal[0].at < `${today()}T00:00:00`).toBe(true);
    expect(Date.parse(signal[0].at)).toBeLessThan(Date.now() - 6 * DAY);
    // The machine whose cooling failed overnight is warm now.
    const temperature = await api(`/pos/CENG-00000002/historical-temperature?${range}`);
    expect(temperature.at(-1).value).toBeGreaterThan(9);

    const transactions = await api(`/pos/CENG-00000001/transactions?ordType=asc&size=5`);
    expect(transactions.total).toBeGreaterThan(30);
    // The week starts at the seed's time of day, and a weekend's few sales can leave its first windows empty:
    // the oldest sale lies in the week's first two days, whatever day and hour the seed ran.
    expect(Date.parse(transactions.items[0].createdAt)).toBeLessThan(Date.now() - 5 * DAY);
    expect((await api('/pos/CENG-00000001/audits')).total).toBeGreaterThanOrEqual(20);
    const cash = await api(`/pos/CENG-00000001/cash?${range}`);
    expect(cash.series.length).toBeGreaterThanOrEqual(20);
    expect(cash.latest.cash.paidVends).toBeTruthy();
    expect(cash.latest.cash.currency).toBe('EUR');
    // The weak-signal machine lost the end of one transfer: its audits list marks it, the cash view skips it.
    const weak = await api('/pos/CUNI-00000011/audits?size=100');
    expect(weak.items.map((a: { integrity: string }) => a.integrity).sort()).toEqual(['cut', ...Array(weak.items.length - 1).fill('whole')]);
    // A Colombian machine's audits count in pesos.
    expect((await api(`/pos/C100-00000018/cash?${range}`, 'superadmin@demo.local')).latest.cash.currency).toBe('COP');
  });

  it('shows sales in the week and the month before on the dashboard, and each distributor on the distributors dashboard', async () => {
    const sold = (f: Record<string, { count: number }>) => f.cash!.count + f.cashless!.count + f.media!.count;
    const dashboard = await api(`/dashboard?merchantId=${ACME}`);
    expect(sold(dashboard.sales.week.previous)).toBeGreaterThan(0);
    expect(sold(dashboard.sales.month.previous)).toBeGreaterThan(0);
    const { rows } = await api('/merchants-dashboard', 'superadmin@demo.local');
    expect(rows.filter((r: { sales: { month: { count: number } } }) => r.sales.month.count > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('has one machine offline since the weekend and one hidden', async () => {
    const counts = await api(`/pos/counts?merchantId=${ACME}`);
    expect(counts).toMatchObject({ total: 12, hidden: 1, offline: 1, online: 10 });
    expect(counts.critical).toBeGreaterThan(0);
    expect(counts.warning).toBeGreaterThan(0);
    const visible = await api(`/pos?merchantId=${ACME}&size=100`);
    const bari = visible.items.find((p: { serial: string }) => p.serial === 'CENG-00000007');
    expect(bari).toMatchObject({ connection: 0 });
    expect(visible.items.map((p: { serial: string }) => p.serial)).not.toContain('CUNI-00000012');
    const hidden = await api(`/pos?merchantId=${ACME}&hidden=true`);
    expect(hidden.items.map((p: { serial: string }) => p.serial)).toEqual(['CUNI-00000012']);
  });

  it("exports last week's transactions (a completed request to download) and schedules a weekly alarms export", async () => {
    const done = await (async () => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
        const [request] = (await api(`/merchants/${ACME}/historicaldata`)).items;
        if (request?.status !== 'Created') return request;
      }
      throw new Error('the demo export did not end');
    })();
    expect(done).toMatchObject({ status: 'Completed', dataType: 'Transactions', createdBy: 'merchant.admin@demo.local', subscriptionId: null });
    expect(done.rows).toBeGreaterThan(0);
    const [subscription] = (await api(`/merchants/${ACME}/historicaldata-subscriptions`)).items;
    expect(subscription).toMatchObject({ dataType: 'Alarms', frequency: 'weekly', lastRunAt: null });
    expect(Date.parse(subscription.nextRunAt)).toBeGreaterThan(Date.now());
  });

  it('has cashless keys used through the week: two blocked, a lost key moved to a new one, refunds (one held for a machine)', async () => {
    const keys = demoKeys(ACME).map((k) => k.id);
    const medias = await api(`/medias?merchantId=${ACME}&size=100`);
    expect(medias.total).toBeGreaterThanOrEqual(10);
    const byId = new Map((await api(`/medias/all?merchantId=${ACME}`)).map((m: { mediaId: string }) => [m.mediaId, m]));
    expect([keys[3], keys[4]].map((id) => (byId.get(id) as { status: number }).status)).toEqual([1, 1]);
    expect(byId.get(keys[5]!)).toMatchObject({ status: 2, replacedBy: DEMO_NEW_KEY.id, keyCredit: 0, cloudCredit: 0 });
    expect(byId.get(DEMO_NEW_KEY.id)).toMatchObject({ status: 0, replaces: keys[5], keyCredit: 1000 });
    expect((byId.get(DEMO_NEW_KEY.id) as { cloudCredit: number }).cloudCredit).toBeGreaterThan(0);
    expect(byId.get(keys[7]!)).toMatchObject({ cloudCredit: 150, cloudCreditDevice: 'CENG-00000002' });
    const key = await api(`/medias/${keys[2]}?merchantId=${ACME}`);
    expect(key.last30Days.sales + key.last30Days.recharges).toBeGreaterThan(0);
    expect(key.actions[0]).toMatchObject({ action: 'refund', amount: 300, email: 'merchant.admin@demo.local' });
    expect((await api(`/medias/${keys[2]}/refunds?merchantId=${ACME}`)).items).toMatchObject([{ mediaType: 250, value: 300 }]);
    expect((await api(`/medias/${keys[2]}/transactions?merchantId=${ACME}`)).total).toBeGreaterThanOrEqual(2);
    expect((await api(`/medias/used-types?merchantId=${ACME}`)).mediaTypes).toEqual(expect.arrayContaining([2, 27]));
  });

  it('has customers of the payment service (consents, masked cards, keys) and web payment orders of every type and result', async () => {
    const customers = await api(`/customers?merchantId=${ACME}&size=100`);
    expect(customers.total).toBe(5);
    const giulia = customers.items.find((c: { userId: string }) => c.userId === 'app-giulia.conti');
    expect(giulia).toMatchObject({
      medias: 2,
      consents: { analysis: { granted: true }, quality: { granted: true } },
      paymentInfo: { service: 'Nexi', maskedNumber: '411111******1111', saved: true },
    });
    expect(giulia.last30Days.sales).toBeGreaterThan(0);
    expect((await api(`/customers?merchantId=${ACME}&consent=commercial`)).total).toBe(2);
    const orders = (await api(`/webpayment-orders?merchantId=${ACME}&size=100`)).items as Array<{ type: number; result: number; processed: boolean }>;
    expect(new Set(orders.map((o) => `${o.type}/${o.result}`))).toEqual(new Set(['1/0', '1/1', '1/2', '0/1', '0/2']));
    expect(orders.filter((o) => o.result === 0).every((o) => !o.processed)).toBe(true);
    const recharges = (await api(`/customers/${giulia.id}/transactions?merchantId=${ACME}&size=100`)).items.filter(
      (t: { mediaType: number }) => t.mediaType === 25,
    );
    expect(recharges.map((t: { value: number }) => t.value).sort()).toEqual([1000, 1500]);
    expect((await api(`/webpayment-orders?merchantId=bravo-distribucion`, 'bravo.admin@demo.local')).total).toBe(2);
  });

  it('is seeded once: another seed adds nothing, nor does one that resumes an interrupted seed', async () => {
    const snapshot = async () => {
      const commandCounter = await deps.doc.send(
        new GetCommand({ TableName: stack.info.tableName, Key: keys.counter(keys.merchantCommandsCounterName(ACME)) }),
      );
      return {
        alarms: (await api(`/merchants/${ACME}/alarms/stats`)).counts,
        alarmItems: (await api(`/merchants/${ACME}/alarms?status=all&size=1`)).total,
        commands: (await api(`/remote-commands?merchantId=${ACME}&size=100`)).items.map((c: { id: string; status: number }) => `${c.id}:${c.status}`),
        commandCounter: commandCounter.Item?.count,
        machines: await api(`/pos/counts?merchantId=${ACME}`),
        transactions: (await api('/pos/CENG-00000001/transactions?type=2')).total,
        audits: (await api('/pos/CENG-00000001/audits')).total,
        signal: (await api(`/pos/CENG-00000001/historical-signal?from=${since(8 * DAY)}&to=${since(-60_000)}`)).length,
        salesHours: (
          await deps.doc.send(
            new QueryCommand({
              TableName: stack.info.tableName,
              KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
              ExpressionAttributeValues: { ':p': keys.posPk(ACME, 'CENG-00000001'), ':s': 'SALESHOURS#' },
            }),
          )
        ).Items,
      };
    };
    const before = await snapshot();
    const seedAgain = () => seedDemoHistory(deps, buildIngestionDeps(loadIngestionConfig(stackEnvironment(stack.info))));
    expect(await seedAgain()).toMatchObject({ skipped: true });
    // A seed stopped half-way leaves its anchor without completedAt: the next one plays the same week again.
    await deps.doc.send(new UpdateCommand({ TableName: stack.info.tableName, Key: keys.demoHistory, UpdateExpression: 'REMOVE completedAt' }));
    expect(await seedAgain()).toMatchObject({ skipped: false });
    expect(await snapshot()).toEqual(before);
  });

  it('has weeks of sales baselines: the anomaly sweep raises the silent machine’s no-sales anomaly and the offline machine’s, and nothing else', async () => {
    const weeks = await deps.doc.send(
      new QueryCommand({
        TableName: stack.info.tableName,
        KeyConditionExpression: 'pk = :p AND begins_with(sk, :s)',
        ExpressionAttributeValues: { ':p': keys.posPk(ACME, 'CENG-00000003'), ':s': 'SALESHOURS#' },
      }),
    );
    expect(weeks.Items!.length).toBeGreaterThanOrEqual(BASELINE_WEEKS);
    const outcome = (await runScheduleNow(stack.info.schedules!, 'anomaly-sweep')) as { raised: number; failed: number };
    expect(outcome).toMatchObject({ failed: 0 });
    const open = (await api(`/merchants/${ACME}/alarms?status=active&size=100`)).items.filter((a: { code: string }) => ANOMALY_CODES.includes(a.code));
    expect(open.map((a: { serial: string; code: string }) => `${a.serial} ${a.code}`).sort()).toEqual([
      `CENG-00000003 ${ANOMALY_ALARM_CODES.noSales}`,
      `CENG-00000007 ${ANOMALY_ALARM_CODES.offline}`,
    ]);
    const silent = open.find((a: { code: string }) => a.code === ANOMALY_ALARM_CODES.noSales);
    expect(silent.message).toBe('No sales for improbably long');
    expect(silent.detail).toMatch(/^No sale for \d+(\.\d)? h: expected \d+(\.\d)? sales \(baseline of 4 weeks\), observed 0; probability /);
  });

  it('shows true KPIs: the week’s sales over the machines’ days, its alarms repaired, the offline machine’s hours; Colibrí’s rejecting machine raises the rejection anomaly', async () => {
    const k = await api(`/kpis?merchantId=${ACME}`);
    const { total } = await api(`/pos/counts?merchantId=${ACME}`);
    // The demo machines were installed 35 days ago: every day of the 30 counts them all.
    expect(k.machineDays).toBe(total * 30);
    expect(k.sales.value).toBeGreaterThan(0);
    expect(k.salesPerMachineDay).toBeCloseTo(k.sales.value / k.machineDays, 6);
    expect(k.averageTicket).toBeGreaterThan(0);
    expect(k).toMatchObject({ alarmsRaised: expect.any(Number), alarmsRepaired: expect.any(Number) });
    expect(k.alarmsRaised).toBeGreaterThan(0);
    expect(k.alarmsRepaired).toBeGreaterThan(0);
    expect(k.meanTimeToRepairHours).toBeGreaterThan(0);
    const offline = await api('/pos/CENG-00000007/kpis');
    expect(offline.offlineHours).toBeGreaterThan(24);
    expect(offline.availability).toBeLessThan(1);

    await runScheduleNow(stack.info.schedules!, 'anomaly-sweep');
    const colibri = await api('/kpis?merchantId=colibri-cash', 'superadmin@demo.local');
    expect(colibri.coinRejectionRate).toBeGreaterThan(0);
    const rejecting = (await api('/pos/C100-00000019/alarms?status=active&size=50', 'superadmin@demo.local')).items.map((a: { code: string }) => a.code);
    expect(rejecting).toContain(ANOMALY_ALARM_CODES.rejection);
  });
});
