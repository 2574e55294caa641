/**
 * GET /merchants-dashboard (issue 30 item 3) over HTTP, with counters built by machines publishing over MQTT: a row's
 * figures equal the statistics, machine and alarm counters of its merchant; a machine hidden while it pings and
 * raises a blocking alarm counts in none of the visible figures (dashboard too) until it is shown again; a merchant role
 * sees its own merchants' rows only, the super admin every merchant's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAlarmRepository } from '../../functions/adapters/dynamodb/alarm-repository';
import { DynamoPosLists } from '../../functions/adapters/dynamodb/machine-lists';
import { DynamoMerchantRepository } from '../../functions/adapters/dynamodb/merchant-repository';
import { DynamoTransactionRepository } from '../../functions/adapters/dynamodb/transaction-repository';
import { getMerchantsDashboard } from '../../functions/core/merchants-dashboard/use-cases';
import { ALL_DISTRIBUTORS_ID } from '#schemas/merchant-constants';
import { SOLD_CATEGORIES } from '#schemas/kpi-constants';
import { alarmMessage, saleTransaction, salesMessage, telemetryMessage } from '../../infra/local/simulator';
import { newMerchantWithMachines, simulatedDevices, waitFor } from './support/devices';
import { api } from './support/http';
import { masterAlarmBody } from './support/samples';
import { stack, stackDeps, tokenFor } from './support/stack';

const { connect, closeAll } = simulatedDevices();
afterAll(closeAll);

type Row = {
  merchantId: string;
  today: string;
  sales: Record<'today' | 'week' | 'month', { count: number; value: number }>;
  machines: { visible: number; online: number; offline: number; blocking: number };
  alarmsActive: number;
  kpis: { salesPerMachineDay: number | null; averageTicket: number | null; cashlessShare: number | null };
};

const tokens: Record<string, string> = {};
let merchantId = '';
let serials: string[] = [];
const blockingCode = `E-MD-${Date.now().toString(36).toUpperCase()}`;

const rowsOf = async (token: string): Promise<Row[]> => {
  const res = await api('/merchants-dashboard', { token });
  expect(res.status, res.text).toBe(200);
  expect(res.body.kpiDays).toBe(30);
  return res.body.rows;
};
const rowOf = async (): Promise<Row | undefined> => (await rowsOf(tokens.super!)).find((r) => r.merchantId === merchantId);

beforeAll(async () => {
  const roles = ['NEBULARSUPERADMIN', 'NEBULARMERCHANTADMIN', 'NEBULARGROUPADMIN', 'NEBULARMERCHANTUSER'] as const;
  const [superAdmin, ...others] = await Promise.all(roles.map((r) => tokenFor(r)));
  Object.assign(tokens, { super: superAdmin, merchantAdmin: others[0], groupAdmin: others[1], merchantUser: others[2] });
  const master = await api('/master-alarms', { method: 'POST', token: superAdmin, body: { ...masterAlarmBody(blockingCode), criticity: 4 } });
  expect(master.status, master.text).toBe(201);
  ({ merchantId, serials } = await newMerchantWithMachines(superAdmin!, 3));
  // The third machine is hidden before it reports anything: its ping and its blocking alarm arrive while hidden.
  expect((await api(`/pos/${serials[2]}/hide`, { method: 'PUT', token: superAdmin })).status).toBe(200);
}, 60_000);

describe('GET /merchants-dashboard', () => {
  it('a merchant’s row equals its counters built over MQTT; a hidden machine counts in no visible figure until shown', async () => {
    const devices = await Promise.all(serials.map((s) => connect(s)));
    const justNow = new Date(Date.now() - 60_000).toISOString();
    await Promise.all([
      ...devices.map((d) => d.publish('telemetry', telemetryMessage(d.serial))),
      devices[0]!.publish(
        'sales',
        salesMessage(serials[0]!, [
          saleTransaction({ type: 2, value: 150, createdAt: justNow }),
          saleTransaction({ type: 3, value: 90, mediaType: 2, createdAt: justNow }),
        ]),
      ),
      devices[1]!.publish('sales', salesMessage(serials[1]!, [saleTransaction({ type: 2, value: 60, createdAt: justNow })])),
      devices[2]!.publish('alarms', alarmMessage(serials[2]!, { code: blockingCode })),
    ]);

    const row = await waitFor(async () => {
      const r = await rowOf();
      return r && r.sales.today.count === 3 && r.alarmsActive === 1 && r.machines.online === 2 ? r : undefined;
    }, 'the row to count the sales, the pings and the alarm');
    // Every machine pinged; the hidden one is online with a blocking alarm, counted apart.
    const all = await api(`/pos/counts?merchantId=${merchantId}`, { token: tokens.super });
    expect(all.body).toMatchObject({ total: 3, hidden: 1, online: 3, critical: 1 });
    expect(row.machines).toEqual({ visible: 2, online: 2, offline: 0, blocking: 0 });
    const dashboard = await api(`/dashboard?merchantId=${merchantId}`, { token: tokens.super });
    expect(dashboard.body.machines).toMatchObject({ visible: 2, hidden: 1, online: 2, critical: 0 });

    // Sales: what the statistics of the same local days say, sold categories only (cash, cashless, key).
    const stats = await api(`/transactions/stats?merchantId=${merchantId}&from=${row.today}&to=${row.today}`, { token: tokens.super });
    const sold = SOLD_CATEGORIES.reduce((t, c) => ({ count: t.count + stats.body.totals[c].count, value: t.value + stats.body.totals[c].value }), {
      count: 0,
      value: 0,
    });
    expect(sold).toEqual({ count: 3, value: 300 });
    expect(row.sales.today).toEqual(sold);
    expect(row.sales.week).toEqual(sold);
    expect(row.sales.month).toEqual(sold);
    const alarms = await api(`/merchants/${merchantId}/alarms/stats`, { token: tokens.super });
    expect(row.alarmsActive).toBe(alarms.body.counts.byStatus.active);
    expect(row.kpis).toEqual({ salesPerMachineDay: 300 / (2 * 30), averageTicket: 100, cashlessShare: 90 / 300 });

    // Shown again, it brings its state back into the visible figures.
    expect((await api(`/pos/${serials[2]}/unhide`, { method: 'PUT', token: tokens.super })).status).toBe(200);
    expect((await rowOf())!.machines).toEqual({ visible: 3, online: 3, offline: 0, blocking: 1 });
  });

  it('a merchant role sees its own merchants’ rows only; the super admin sees every merchant', async () => {
    for (const who of ['merchantAdmin', 'groupAdmin', 'merchantUser']) {
      const mine = await api('/users/me/merchants', { token: tokens[who] });
      const ids = (mine.body as Array<{ id: string }>).map((m) => m.id).filter((id) => id !== ALL_DISTRIBUTORS_ID);
      const rows = await rowsOf(tokens[who]!);
      expect(rows.map((r) => r.merchantId).sort(), who).toEqual(ids.sort());
      expect(rows.some((r) => r.merchantId === merchantId)).toBe(false);
    }
    const everyone = await api('/merchants?size=100', { token: tokens.super });
    const rows = await rowsOf(tokens.super!);
    expect(rows.length).toBe(everyone.body.total);
    expect(rows.map((r) => r.merchantId)).toContain(merchantId);
    expect((await api('/merchants-dashboard')).status).toBe(401);
  });

  it('reads at most 4 DynamoDB calls per merchant, whatever its machines and sales', async () => {
    let calls = 0;
    // A client of its own (the stack's), counting every call.
    const { doc: counting } = stackDeps();
    counting.middlewareStack.add(
      (next) => async (args) => {
        calls++;
        return next(args);
      },
      { step: 'initialize' },
    );
    const deps = {
      merchants: new DynamoMerchantRepository(counting, stack.tableName),
      transactions: new DynamoTransactionRepository(counting, stack.tableName),
      posLists: new DynamoPosLists(counting, stack.tableName),
      alarms: new DynamoAlarmRepository(counting, stack.tableName),
      now: () => new Date().toISOString(),
    };
    const principal = {
      userId: 'count',
      email: 'count@example.test',
      role: 'NEBULARMERCHANTADMIN' as const,
      merchantIds: [merchantId],
      groupIds: [],
      allMerchants: false,
    };
    const { rows } = await getMerchantsDashboard(deps, principal);
    counting.destroy();
    expect(rows.map((r) => r.sales.today.count)).toEqual([3]);
    // The merchant's record (1 BatchGetItem), then its days (≤ 2 Queries), machine counter and alarm counter.
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBeLessThanOrEqual(1 + 4);
  });
});
