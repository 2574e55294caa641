import { describe, expect, it } from 'vitest';
import { REGISTRATION_CACHE_MS, registrationCache } from '../../functions/adapters/dynamodb/registration-cache';
import { acknowledgeCommand, commandIdBound, newCommandId, type AckDeps } from '../../functions/core/remote-commands/delivery';
import type { RemoteCommandDeps, SendDeps } from '../../functions/core/remote-commands/use-cases';
import { listPosCommands, sendCommand } from '../../functions/core/remote-commands/use-cases';
import type { StoredCommand } from '../../functions/core/remote-commands/ports';
import type { Principal } from '../../functions/core/shared/principal';
import { supports } from '../../infra/local/simulated-commands';
import { paramsOf } from '../../frontend/src/features/remote-commands/command-labels';
import { finalStatusOf } from '#schemas/remote-command';

describe('remote command lifecycle rules', () => {
  it('a result gives the final status of spec §4', () => {
    expect([0, 3, 2, 1, -1, -2, -3].map(finalStatusOf)).toEqual([2, 4, 5, 3, 3, 3, 3]);
  });

  it('command ids sort by creation time, and a time bound sorts between them', () => {
    const early = newCommandId('2026-01-01T00:00:00.000Z');
    const late = newCommandId('2026-01-01T00:00:00.001Z');
    expect(early < late).toBe(true);
    expect(early >= commandIdBound('2026-01-01T00:00:00.000Z') && early < commandIdBound('2026-01-01T00:00:00.001Z')).toBe(true);
  });

  it('a simulated machine lacks the types of the other family', () => {
    expect([supports('CENG-00000001', 16), supports('CENG-00000001', 12), supports('C100-00000001', 12), supports('C100-00000001', 16)]).toEqual([
      false,
      true,
      false,
      true,
    ]);
  });

  it('the wizard turns its inputs into the API’s params (money in minor units of the merchant’s currency)', () => {
    expect(paramsOf(6, { amount: '2,50' }, 'EUR')).toEqual({ amount: 250 });
    // Spec §9: pesos have no minor unit, so 2.500 COP is 2500, not 250000.
    expect(paramsOf(6, { amount: '2.500' }, 'COP')).toEqual({ amount: 2500 });
    expect(paramsOf(8, { amount: '1500' }, 'CLP')).toEqual({ amount: 1500 });
    // Not money (or decimals a currency lacks): no amount, so the send body is refused.
    expect(paramsOf(6, { amount: 'abc' }, 'EUR')).toEqual({});
    expect(paramsOf(6, { amount: '2,5' }, 'CZK')).toEqual({});
    expect(paramsOf(12, { prices: '1;1;0.80\n 2 6 1,2 ' }, 'EUR')).toEqual({
      prices: [
        { line: 1, priceTable: 1, value: 80 },
        { line: 2, priceTable: 6, value: 120 },
      ],
    });
    expect(paramsOf(12, { prices: '3;2;1200' }, 'UYU')).toEqual({ prices: [{ line: 3, priceTable: 2, value: 1200 }] });
    expect(paramsOf(13, { values: 'a=1\nb = x=y' }, 'EUR')).toEqual({ values: { a: '1', b: 'x=y' } });
    expect(paramsOf(17, { peripheral: 'coinChanger', version: ' 1.2 ' }, 'EUR')).toEqual({ peripheral: 'coinChanger', version: '1.2' });
  });
});

describe('sending a remote command', () => {
  it('when the IoT publish fails, the command ends not executed (send error) and the caller gets RemoteCommandSendException', async () => {
    const finished: Array<Pick<StoredCommand, 'status' | 'result' | 'message'>> = [];
    const record = { serial: 'CENG-00000001', name: 'M1', merchantId: 'm1', groupId: null };
    const deps = {
      pos: { registration: async () => ({ serial: record.serial, merchantId: 'm1', groupId: null }), get: async () => ({ record, telemetry: {}, notes: 0 }) },
      remoteCommands: { create: async () => ({ kind: 'created' }), finish: async (_c: StoredCommand, _e: unknown, o: StoredCommand) => finished.push(o) > 0 },
      commandPublisher: { publish: async () => Promise.reject(new Error('endpoint down')) },
      commandSettings: { retryAfterSeconds: 60, maxAttempts: 3, expireAfterSeconds: 3600 },
      now: () => '2026-05-01T10:00:00.000Z',
    } as unknown as SendDeps;
    const principal: Principal = { userId: 'u', email: 'a@b.c', role: 'NEBULARMERCHANTADMIN', merchantIds: ['m1'], groupIds: [], allMerchants: false };
    await expect(sendCommand(deps, principal, { serial: record.serial, type: 1, params: {} })).rejects.toMatchObject({
      code: 'RemoteCommandSendException',
      kind: 'unavailable',
    });
    expect(finished).toEqual([expect.objectContaining({ status: 3, result: 2, message: 'send error' })]);
  });
});

describe('a command resolves its machine once (registration-cache.ts)', () => {
  const serial = 'CENG-00000001';
  /** A registry that counts its reads, a clock the test moves, and the kept lookup over them. */
  const world = () => {
    const registry = new Map<string, { serial: string; merchantId: string; groupId: string | null }>([[serial, { serial, merchantId: 'm1', groupId: null }]]);
    let reads = 0;
    let now = 0;
    const lookup = registrationCache(
      async (s) => {
        reads++;
        return registry.get(s);
      },
      REGISTRATION_CACHE_MS,
      () => now,
    );
    return { registry, lookup, reads: () => reads, advance: (ms: number) => (now += ms) };
  };
  const pending = (merchantId: string, id: string): StoredCommand =>
    ({
      id,
      serial,
      merchantId,
      groupId: null,
      type: 5,
      params: {},
      status: 0,
      attempts: 1,
      startAt: '2026-05-01T10:00:00.000Z',
      dueAt: null,
    }) as unknown as StoredCommand;
  const ackDeps = (w: ReturnType<typeof world>, commands: Map<string, StoredCommand>): AckDeps =>
    ({
      merchantOf: async (s: string, fresh?: boolean) => (await (fresh ? w.lookup.fresh(s) : w.lookup.cached(s)))?.merchantId,
      remoteCommands: {
        get: async (m: string, _s: string, id: string) => {
          const c = commands.get(id);
          return c?.merchantId === m ? c : undefined;
        },
        advance: async () => true,
        finish: async () => true,
      },
      commandSettings: { retryAfterSeconds: 60, maxAttempts: 3, expireAfterSeconds: 3600 },
      now: () => '2026-05-01T10:00:01.000Z',
    }) as unknown as AckDeps;
  const ack = (deps: AckDeps, commandId: string, result?: number) =>
    acknowledgeCommand(deps, {
      messageId: `ack-${commandId}-${result ?? 'r'}`,
      serial,
      sentAt: '2026-05-01T10:00:01.000Z',
      type: 'commandAck',
      payload: { commandId, status: result === undefined ? 'running' : 'done', ...(result !== undefined ? { result } : {}) },
    } as never);

  it("a command's acknowledgements read the registry once", async () => {
    const w = world();
    const id = newCommandId('2026-05-01T10:00:00.000Z');
    const deps = ackDeps(w, new Map([[id, pending('m1', id)]]));
    expect(await ack(deps, id)).toBe('running');
    expect(await ack(deps, id, 0)).toBe('finished');
    expect(await ack(deps, id, 0)).toBe('finished');
    expect(w.reads()).toBe(1);
  });

  it('a machine moved to another merchant: its new commands are acknowledged at once (the miss reads the registry again)', async () => {
    const w = world();
    const before = newCommandId('2026-05-01T10:00:00.000Z');
    const commands = new Map([[before, pending('m1', before)]]);
    const deps = ackDeps(w, commands);
    expect(await ack(deps, before)).toBe('running');
    // Deleted and joined by another merchant: its commands now live under m2.
    w.registry.set(serial, { serial, merchantId: 'm2', groupId: null });
    commands.clear();
    const after = newCommandId('2026-05-01T10:00:02.000Z');
    commands.set(after, pending('m2', after));
    expect(await ack(deps, after)).toBe('running');
    expect(w.reads()).toBe(2);
  });

  it(`a deleted machine is served as it was for at most ${REGISTRATION_CACHE_MS} ms, then not at all`, async () => {
    const w = world();
    expect((await w.lookup.cached(serial))?.merchantId).toBe('m1');
    w.registry.delete(serial);
    w.advance(REGISTRATION_CACHE_MS - 1);
    expect((await w.lookup.cached(serial))?.merchantId).toBe('m1');
    w.advance(1);
    expect(await w.lookup.cached(serial)).toBeUndefined();
    // An unknown serial is not kept: joined now, it is found at once.
    w.registry.set(serial, { serial, merchantId: 'm3', groupId: null });
    expect((await w.lookup.cached(serial))?.merchantId).toBe('m3');
  });

  it("the device tab's polls resolve the machine once; a machine moved out of the caller's merchant is refused after the lifetime, one moved in at once", async () => {
    const w = world();
    const listed: string[] = [];
    const deps = {
      pos: { registration: async () => Promise.reject(new Error('the kept lookup serves the list')) },
      registrations: w.lookup,
      remoteCommands: { listPos: async (m: string) => (listed.push(m), { items: [] }), countPos: async () => ({ count: 0 }) },
    } as unknown as RemoteCommandDeps;
    const admin = (m: string): Principal => ({
      userId: 'u',
      email: 'a@b.c',
      role: 'NEBULARMERCHANTADMIN',
      merchantIds: [m],
      groupIds: [],
      allMerchants: false,
    });
    const poll = (m: string) => listPosCommands(deps, admin(m), serial, { page: 1, size: 1, ordType: 'desc' } as never);
    for (let i = 0; i < 5; i++) await poll('m1');
    expect(w.reads()).toBe(1);
    w.registry.set(serial, { serial, merchantId: 'm2', groupId: null });
    // The new merchant sees it at once (a refusal reads the registry again)…
    await poll('m2');
    expect(listed.at(-1)).toBe('m2');
    // …and the old one, whose lookup that read refreshed, no more.
    await expect(poll('m1')).rejects.toMatchObject({ code: 'PosNotFoundException' });
    w.registry.set(serial, { serial, merchantId: 'm1', groupId: null });
    await poll('m1');
    w.registry.delete(serial);
    // Deleted: served as it was within the lifetime, then 404.
    await poll('m1');
    w.advance(REGISTRATION_CACHE_MS);
    await expect(poll('m1')).rejects.toMatchObject({ code: 'PosNotFoundException' });
  });
});
