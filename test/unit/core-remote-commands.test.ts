import { describe, expect, it } from 'vitest';
import { commandIdBound, newCommandId } from '../../functions/core/remote-commands/delivery';
import type { SendDeps } from '../../functions/core/remote-commands/use-cases';
import { sendCommand } from '../../functions/core/remote-commands/use-cases';
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
