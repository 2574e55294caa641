import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEvaDts } from '../../functions/core/ingestion/eva-dts';
import { historyOf } from '../../functions/core/ingestion/use-cases';
import { readRuleEvent } from '../../functions/core/ingestion/validation';

const dex = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** A coin-mech machine's audit as a controller sends it (EVA-DTS 6.1.2 framing, CR LF). */
const AUDIT = dex(
  'DXS*9252131001*VA*V0/6*1',
  'ST*001*0001',
  'ID1*CENG00000001*NBL200*0001**0',
  'ID4*2*978',
  'ID5*20261120*0600',
  'VA1*184560*1538*12450*104',
  'VA3*800*8*100*1',
  'CA2*96360*803*6120*51',
  'CA3*7350*4210*3140*1000*120400*70100*50300*22000',
  'CA4*1230*500*33800*9100',
  'CA8*40*610',
  'CA10*2000*15000',
  'CA15*2865',
  'CA17*00*5*23',
  'CA17*01*10*41',
  'CA17*02*20*37',
  'CA17*03*50*20',
  'PA1*A12*120*',
  'PA2*412*49440*35*4200',
  'EA3*214*20261120*060000',
  'G85*4F2A',
  'SE*19*0001',
  'DXE*1*1',
);

describe('EVA-DTS cash figures', () => {
  it('reads identification, currency, read time and every cash counter since initialisation and since reset', () => {
    const cash = parseEvaDts(AUDIT);
    expect(cash).toEqual({
      machineSerial: 'CENG00000001',
      currency: 'EUR',
      decimals: 2,
      machineTime: '2026-11-20T06:00:00',
      cashSales: { sinceInit: { value: 96360, count: 803 }, sinceReset: { value: 6120, count: 51 } },
      paidVends: { sinceInit: { value: 184560, count: 1538 }, sinceReset: { value: 12450, count: 104 } },
      freeVends: { sinceInit: { value: 800, count: 8 }, sinceReset: { value: 100, count: 1 } },
      cashIn: { sinceReset: { total: 7350, toBox: 4210, toTubes: 3140, bills: 1000 }, sinceInit: { total: 120400, toBox: 70100, toTubes: 50300, bills: 22000 } },
      dispensed: { sinceReset: { value: 1230, manual: 500 }, sinceInit: { value: 33800, manual: 9100 } },
      overpay: { sinceReset: 40, sinceInit: 610 },
      manualFill: { sinceReset: 2000, sinceInit: 15000 },
      tubeContents: 2865,
      tubes: [
        { coinType: 0, value: 5, count: 23 },
        { coinType: 1, value: 10, count: 41 },
        { coinType: 2, value: 20, count: 37 },
        { coinType: 3, value: 50, count: 20 },
      ],
      unreadLines: 0,
    });
  });

  it('keeps what a short audit has: counters only since reset, no CA15 (tube value summed from CA17), LF line ends, letters currency', () => {
    const cash = parseEvaDts('ID4*0*152*CLP\nID5*261120*101530\nCA2*500*5\nCA3*300*200*100\nCA17*00*100*4*9*9\nCA17*01*50*3\n');
    expect(cash.currency).toBe('CLP');
    expect(cash.decimals).toBe(0);
    expect(cash.machineTime).toBe('2026-11-20T10:15:30');
    expect(cash.cashSales).toEqual({ sinceInit: { value: 500, count: 5 }, sinceReset: null });
    expect(cash.cashIn).toEqual({ sinceReset: { total: 300, toBox: 200, toTubes: 100, bills: 0 }, sinceInit: null });
    expect(cash.tubeContents).toBe(4 * 100 + 3 * 50);
    expect(cash.dispensed).toEqual({ sinceInit: null, sinceReset: null });
    expect(cash.overpay).toEqual({ sinceInit: null, sinceReset: null });
  });

  it('maps ISO numeric currency codes and keeps an unknown one as sent', () => {
    expect(parseEvaDts('ID4*2*826\r\n').currency).toBe('GBP');
    expect(parseEvaDts('ID4*2*999\r\n').currency).toBe('999');
    expect(parseEvaDts('ID4*2\r\n').currency).toBeNull();
  });

  it('counts malformed lines and still reads the others', () => {
    const cash = parseEvaDts(
      dex(
        'ID4*2*978',
        'CA2*12a*3*4*5', // not a number
        'this is not a segment',
        'CA3*100*60*40*0',
        'ID5*2026-11-20*06:00', // wrong date format
        'CA17**5*3', // no coin type
        'CA15*-20', // negative
        '',
        '   ',
        'VA1*1000*10*100*1',
      ),
    );
    expect(cash.unreadLines).toBe(5);
    expect(cash.cashSales).toEqual({ sinceInit: null, sinceReset: null });
    expect(cash.machineTime).toBeNull();
    expect(cash.tubes).toEqual([]);
    expect(cash.tubeContents).toBeNull();
    expect(cash.cashIn.sinceReset).toEqual({ total: 100, toBox: 60, toTubes: 40, bills: 0 });
    expect(cash.paidVends.sinceReset).toEqual({ value: 100, count: 1 });
  });

  it('answers no figures for text that is not EVA-DTS', () => {
    const cash = parseEvaDts('hello\r\nworld');
    expect(cash.unreadLines).toBe(2);
    expect(cash.currency).toBeNull();
    expect(cash.cashIn).toEqual({ sinceInit: null, sinceReset: null });
    expect(parseEvaDts('').unreadLines).toBe(0);
  });

  it('a tube reported twice keeps its last line', () => {
    expect(parseEvaDts('CA17*01*10*4\r\nCA17*01*10*6\r\n').tubes).toEqual([{ coinType: 1, value: 10, count: 6 }]);
  });
});

describe('ingestion of an audit', () => {
  const device = { serial: 'CENG-00000001', merchantId: 'm1', groupId: null };
  const event = (payload: Record<string, unknown>) => {
    const example = JSON.parse(readFileSync(new URL('../../events/iot/audit.json', import.meta.url), 'utf8')) as Record<string, any>;
    return { ...example, payload: { ...example.payload, ...payload }, topic: `vend/${example.serial}/audit`, receivedAt: 1_795_000_000_000 };
  };

  it('stores the cash figures of the DEX text with the audit, and none without text', () => {
    const read = readRuleEvent('audit', event({}));
    if (!read.ok) throw new Error(read.value.detail);
    const [record] = historyOf(read.value, device);
    expect(record!.data).toMatchObject({ dex: expect.stringContaining('DXS*'), cash: { currency: 'EUR', decimals: 2, cashSales: { sinceInit: { value: 96360, count: 803 } } } });
    const { dex: _dex, ...withoutText } = event({}).payload;
    const bare = readRuleEvent('audit', { ...event({}), payload: withoutText });
    if (!bare.ok) throw new Error(bare.value.detail);
    expect(historyOf(bare.value, device)[0]!.data).not.toHaveProperty('cash');
  });
});
