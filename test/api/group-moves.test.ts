/**
 * A machine moved from group North to group South: its alarms and remote commands follow it. North's group admin
 * never sees them again (lists, totals, statistics, CSV) and South's sees them, before the regroup sweep has
 * re-indexed the rest of a long history and after; at every moment they show in exactly one group's lists.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredAlarm } from '../../functions/core/alarms/model';
import { INLINE_REGROUP_ITEMS } from '../../functions/core/devices/regroup';
import { buildMachineRegroupDeps } from '../../functions/triggers/machine-regroup-sweep/deps';
import { machineRegroupSweepHandler } from '../../functions/triggers/machine-regroup-sweep/handler';
import { stackEnvironment } from '../../infra/local/stack-process';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';
import { acceptInvitation, createUser } from './support/users';

const deps = stackDeps();
let superAdmin = '';
let merchantId = '';
const groups = { north: '', south: '' };
const admins = { north: '', south: '' };
/** heavy: more alarms than a move re-indexes before it answers; light: a few; staying: in North throughout. */
const machines = { heavy: '', light: '', staying: '' };
const raised: Record<string, number> = {};
const commandIds: Record<string, string> = {};
const HEAVY_ALARMS = INLINE_REGROUP_ITEMS + 40;

/** Raises `count` alarms on a machine through the alarm store (as ingestion does): half active, half notifications, in the last hours. */
async function raiseAlarms(serial: string, groupId: string, count: number) {
  const now = Date.now();
  const alarms = Array.from({ length: count }, (_, i): StoredAlarm => {
    const createdAt = new Date(now - 3_600_000 + i * 1000).toISOString();
    const messageId = `move-${serial}-${i}-${randomBytes(3).toString('hex')}`;
    return {
      merchantId,
      serial,
      groupId,
      code: `MV${i}`,
      messageId,
      lastMessageId: messageId,
      createdAt,
      lastSeenAt: createdAt,
      status: i % 2 ? 'notification' : 'active',
      category: 'maintenance',
      criticity: 0,
      message: 'moved',
      detail: '',
      remainingCycles: null,
      occurrences: 1,
      repairedAt: null,
      repairedBy: null,
    } as StoredAlarm;
  });
  for (let i = 0; i < alarms.length; i += 20) {
    const results = await Promise.all(alarms.slice(i, i + 20).map((a) => deps.alarms.raise({ merchantId, serial, groupId }, a)));
    expect(results.every((r) => r === 'ok')).toBe(true);
  }
  raised[serial] = count;
}

/** Everything a group admin (or anyone) sees of the merchant: alarms (all pages), totals, statistics, commands, CSVs. */
async function seenBy(token: string) {
  const alarms: string[] = [];
  let total = -1;
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await api(`/merchants/${merchantId}/alarms?size=100&page=${page}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    alarms.push(...(res.body.items as Array<{ serial: string }>).map((a) => a.serial));
    total = res.body.total;
    cursor = res.body.cursor;
    if (!cursor) break;
  }
  const active = (await api(`/merchants/${merchantId}/alarms?status=active&size=1`, { token })).body.total as number;
  const dated = await api(`/merchants/${merchantId}/alarms?from=${new Date(Date.now() - 86_400_000).toISOString()}&size=1`, { token });
  const stats = (await api(`/merchants/${merchantId}/alarms/stats`, { token })).body;
  const alarmsCsv = (await api(`/merchants/${merchantId}/alarms/csv`, { token })).text.trim().split('\r\n').slice(1);
  const commands = await api(`/remote-commands?merchantId=${merchantId}&size=100`, { token });
  expect(commands.status, commands.text).toBe(200);
  const commandsCsv = (await api(`/remote-commands/csv?merchantId=${merchantId}`, { token })).text;
  const per = (list: string[]) => Object.fromEntries(Object.values(machines).map((s) => [s, list.filter((x) => x === s).length]));
  return {
    alarms: per(alarms),
    total,
    active,
    datedTotal: dated.body.total as number,
    stats: {
      total: stats.counts.total as number,
      active: stats.counts.byStatus.active as number,
      days: (stats.days as Array<{ counts: { total: number } }>).reduce((n, d) => n + d.counts.total, 0),
    },
    csv: per(alarmsCsv.map((line) => line.split(',')[1]!)),
    commands: (commands.body.items as Array<{ id: string }>).map((c) => c.id).sort(),
    commandTotal: commands.body.total as number,
    commandsCsv: Object.entries(commandIds)
      .filter(([, id]) => commandsCsv.includes(id))
      .map(([serial]) => serial)
      .sort(),
  };
}

/** What a group's admin must see when these machines are in it. */
function expected(serials: string[]) {
  const alarms = Object.fromEntries(Object.values(machines).map((s) => [s, serials.includes(s) ? raised[s]! : 0]));
  const total = serials.reduce((n, s) => n + raised[s]!, 0);
  const active = serials.reduce((n, s) => n + Math.ceil(raised[s]! / 2), 0);
  return {
    alarms,
    total,
    active,
    datedTotal: total,
    stats: { total, active, days: total },
    csv: alarms,
    commands: serials.map((s) => commandIds[s]!).sort(),
    commandTotal: serials.length,
    commandsCsv: [...serials].sort(),
  };
}

const move = (serial: string, groupId: string | null) => api(`/pos/${serial}/associate-group`, { method: 'PUT', token: superAdmin, body: { groupId } });
const sweep = () => machineRegroupSweepHandler(() => buildMachineRegroupDeps(stackEnvironment(stack)))();

beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
  const created = await newMerchantWithMachines(superAdmin, 3, 'North');
  merchantId = created.merchantId;
  groups.north = created.groupId!;
  [machines.heavy, machines.light, machines.staying] = created.serials as [string, string, string];
  groups.south = (await api(`/merchants/${merchantId}/groups`, { method: 'POST', token: superAdmin, body: { name: 'South' } })).body.id;
  for (const g of ['north', 'south'] as const) {
    const admin = await createUser(superAdmin, { role: 'NEBULARGROUPADMIN', merchantIds: [merchantId], groupIds: [groups[g]] });
    admins[g] = (await acceptInvitation(admin.email)).idToken;
  }
  await raiseAlarms(machines.heavy, groups.north, HEAVY_ALARMS);
  await raiseAlarms(machines.light, groups.north, 3);
  await raiseAlarms(machines.staying, groups.north, 2);
  // A pending (scheduled) command on each machine: what North's admin kept seeing after a move.
  for (const serial of Object.values(machines)) {
    const res = await api('/remote-commands/send', {
      method: 'POST',
      token: superAdmin,
      body: { serial, type: 5, params: {}, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(res.status, res.text).toBe(201);
    commandIds[serial] = res.body.id;
  }
}, 120_000);

afterAll(() => deps.doc.destroy());

describe('moving machines between groups', () => {
  it('North → South: North’s admin no longer sees their alarms and commands anywhere, South’s does, before the sweep and after', async () => {
    expect(await seenBy(admins.north)).toEqual(expected(Object.values(machines)));
    expect(await seenBy(admins.south)).toEqual(expected([]));

    expect((await move(machines.heavy, groups.south)).status).toBe(200);
    expect((await move(machines.light, groups.south)).status).toBe(200);
    // The long history is still being re-indexed; the short one was done before the move answered.
    expect((await deps.regroups.pending(10, merchantId)).map((m) => m.serial)).toEqual([machines.heavy]);

    const before = { north: await seenBy(admins.north), south: await seenBy(admins.south) };
    expect(before.north).toEqual(expected([machines.staying]));
    expect(before.south).toEqual(expected([machines.heavy, machines.light]));
    // Everywhere else North's admin gets 404 on the machine; South's sees all its commands.
    expect((await api(`/pos/${machines.heavy}`, { token: admins.north })).status).toBe(404);
    expect(
      (await api(`/remote-commands?merchantId=${merchantId}&serial=${machines.heavy}`, { token: admins.south })).body.items.map((c: { id: string }) => c.id),
    ).toEqual([commandIds[machines.heavy]]);
    // Still moving: it cannot move again until its history has followed it.
    const again = await move(machines.heavy, groups.north);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MachineStillBeingMovedException');

    expect((await sweep()).finished).toBeGreaterThanOrEqual(1);
    expect(await deps.regroups.pending(10, merchantId)).toEqual([]);
    expect(await seenBy(admins.north)).toEqual(before.north);
    expect(await seenBy(admins.south)).toEqual(before.south);
  });

  it('out of any group and back into one: in no group admin’s lists, then in the new group’s only; the merchant admin sees everything throughout', async () => {
    const merchantAdmin = await seenBy(superAdmin);
    expect(merchantAdmin).toEqual(expected(Object.values(machines)));

    expect((await move(machines.heavy, null)).status).toBe(200);
    expect(await seenBy(admins.south)).toEqual(expected([machines.light]));
    expect(await seenBy(admins.north)).toEqual(expected([machines.staying]));
    await sweep();
    expect(await seenBy(admins.south)).toEqual(expected([machines.light]));

    expect((await move(machines.heavy, groups.north)).status).toBe(200);
    expect(await seenBy(admins.north)).toEqual(expected([machines.staying, machines.heavy]));
    expect(await seenBy(admins.south)).toEqual(expected([machines.light]));
    await sweep();
    expect(await seenBy(admins.north)).toEqual(expected([machines.staying, machines.heavy]));
    expect(await seenBy(superAdmin)).toEqual(merchantAdmin);
  });
});
