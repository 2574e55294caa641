import { describe, expect, it } from 'vitest';
import { MAX_TROUBLESHOOTING_BYTES } from '#schemas/alarm';
import { checkTroubleshootingSize } from '../../functions/core/alarms/master-alarms';
import { activeDelta, alarmId, alarmKeyOf, applyDelta, classify, countsOf, statsContribution, statusMove, sumCounts } from '../../functions/core/alarms/model';
import { machineStatus } from '../../functions/core/devices/model';
import { TroubleshootingContentExceedsSizeLimits } from '../../functions/core/alarms/errors';
import { readRuleEvent } from '../../functions/core/ingestion/validation';
import { alarmMessage, SIMULATED_ALARMS } from '../../infra/local/simulator';

const raised = (o: Record<string, unknown> = {}) => ({ code: 'E1', state: 'raised' as const, at: '2026-11-20T10:00:00Z', ...o });

describe('alarm classification', () => {
  it('takes criticity, category and message from the master alarm of the code, over what the device says', () => {
    expect(classify(raised({ criticity: 2, category: 'usability', message: 'device' }), { criticity: 4, category: 'jam', message: 'Coin jam' })).toEqual({
      criticity: 4,
      category: 'jam',
      message: 'Coin jam',
      status: 'active',
    });
  });

  it('falls back to the device’s values, then to a warning fault named by its code; criticity 0 opens as a notification', () => {
    expect(classify(raised({ criticity: 0, category: 'maintenance' }), undefined)).toEqual({
      criticity: 0,
      category: 'maintenance',
      message: 'E1',
      status: 'notification',
    });
    expect(classify(raised(), undefined)).toEqual({ criticity: 2, category: 'fault', message: 'E1', status: 'active' });
  });
});

describe('machine status from active alarms', () => {
  it('is critical with a blocking alarm active, warning with a warning one, ok otherwise; notifications do not count', () => {
    expect(machineStatus({ warning: 0, blocking: 0 })).toBe(1);
    expect(machineStatus({ warning: 3, blocking: 0 })).toBe(2);
    expect(machineStatus({ warning: 3, blocking: 1 })).toBe(3);
    expect(activeDelta({ status: 'notification', criticity: 0 }, 1)).toEqual({ warning: 0, blocking: 0 });
    expect(activeDelta({ status: 'active', criticity: 4 }, -1)).toEqual({ warning: 0, blocking: -1 });
  });

  it('never counts below zero (a reset machine forgot what it counted)', () => {
    expect(applyDelta({ warning: 0, blocking: 1 }, { warning: -1, blocking: -1 })).toEqual({ warning: 0, blocking: 0 });
  });
});

describe('alarm statistics', () => {
  it('an alarm adds one to the total, its status, category and criticity; a repair moves only the status', () => {
    const alarm = { status: 'active' as const, category: 'jam' as const, criticity: 4 };
    expect(statsContribution(alarm, 1)).toEqual({ total: 1, active: 1, jam: 1, c4: 1 });
    expect(statusMove('active', 'repairedManually')).toEqual({ active: -1, repairedManually: 1 });
    const counts = countsOf({ total: 2, active: 1, repaired: 1, jam: 2, c4: 2 });
    expect(counts).toEqual({
      total: 2,
      byStatus: { active: 1, notification: 0, repaired: 1, repairedManually: 0 },
      byCategory: { jam: 2, usability: 0, maintenance: 0, fault: 0 },
      byCriticity: { '0': 0, '2': 0, '4': 2 },
    });
    expect(sumCounts([counts, counts]).byCriticity['4']).toBe(4);
  });
});

describe('alarm ids', () => {
  it('carry the creation time and message id, and nothing else decodes', () => {
    const id = alarmId({ createdAt: '2026-11-20T10:00:00.000Z', messageId: 'al-12345678' });
    expect(alarmKeyOf(id)).toEqual({ createdAt: '2026-11-20T10:00:00.000Z', messageId: 'al-12345678' });
    expect(alarmKeyOf(Buffer.from('2026-11-20T10:00:00.000Z#al-12345678#x').toString('base64url'))).toBeUndefined();
    expect(alarmKeyOf(Buffer.from('yesterday#al-12345678').toString('base64url'))).toBeUndefined();
  });
});

describe('troubleshooting content', () => {
  it('level 1 and level 2 together may take MAX_TROUBLESHOOTING_BYTES (UTF-8), not more', () => {
    const half = 'a'.repeat(MAX_TROUBLESHOOTING_BYTES / 2);
    expect(() => checkTroubleshootingSize({ level1: half, level2: half })).not.toThrow();
    expect(() => checkTroubleshootingSize({ level1: half, level2: `${half}é` })).toThrow(TroubleshootingContentExceedsSizeLimits);
  });
});

describe('simulated alarms', () => {
  it('raise and clear messages of every simulated code are valid alarm envelopes', () => {
    for (const { code, detail } of SIMULATED_ALARMS) {
      for (const message of [alarmMessage('CENG-00000001', { code, detail, remainingCycles: 30 }), alarmMessage('CENG-00000001', { code, state: 'cleared' })]) {
        const read = readRuleEvent('alarms', { ...message, topic: 'vend/CENG-00000001/alarms', receivedAt: Date.now() });
        expect(read.ok, JSON.stringify(read.value)).toBe(true);
      }
    }
  });
});
