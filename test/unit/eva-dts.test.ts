import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEvaDts, readEvaDts } from '../../functions/core/ingestion/eva-dts';
import { evaDtsCrc, g85Of } from '../../functions/core/ingestion/eva-dts-integrity';
import { historyOf } from '../../functions/core/ingestion/kinds';
import { readRuleEvent } from '../../functions/core/ingestion/validation';
import { DexBook, saleTransaction } from '../../infra/local/simulator';

/**
 * Audits in the shapes machines send them (test/unit/fixtures/eva-dts): `standard-example.dex` follows the
 * layout of the EVA-DTS 6.1.2 example report (DXS, ST, ID, VA, CA, BA, DA, PA, EA, G85, SE, DXE; the example's
 * own figures are not in the public material, these are ours); a coffee machine with a cashless reader and two
 * price lists (PA7, LA1, DA*, EA1/EA2); a snack machine with PA7 per product × cash / cashless 2 and a
 * byte-reversed G85; a can machine with a 3-digit ID4, no ID5 and empty elements. Their counters agree the way
 * a machine's do: VA1 = CA2 + DA2 + DB2, PA2 = the sum of its PA7, LA1 = its PA7 at that price list.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/eva-dts/${name}`, import.meta.url), 'utf8');
const dex = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const twice = <T>(sinceInit: T, sinceReset: T) => ({ sinceInit, sinceReset });
const vc = (value: number | null, count: number | null) => ({ value, count });
const cv = (count: number | null, value: number | null) => ({ count, value });

describe('G85 CRC-16', () => {
  it('is CRC-16 with generator x^16 + x^15 + x^2 + 1 (its check value over "123456789" is BB3D)', () => {
    expect(evaDtsCrc(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
    expect(g85Of('123456789')).toBe('BB3D');
  });
});

describe('the EVA-DTS example report', () => {
  const { cash, evaDts } = readEvaDts(fixture('standard-example.dex'));

  it('reads identification, currency (ID402 1978), read time and every cash counter since initialisation and since reset', () => {
    expect(cash).toEqual({
      machineSerial: 'CENG00000001',
      currency: 'EUR',
      decimals: 2,
      machineTime: '2026-11-20T06:00:00',
      cashSales: twice(vc(96360, 803), vc(6120, 51)),
      paidVends: twice(vc(184560, 1538), vc(12450, 104)),
      freeVends: twice(vc(800, 8), vc(100, 1)),
      // CA304/CA308 (10, 220) are the old form divided by 100: the bills are CA309/CA310.
      cashIn: {
        sinceReset: { total: 7350, toBox: 4210, toTubes: 3140, bills: 1000 },
        sinceInit: { total: 120400, toBox: 70100, toTubes: 50300, bills: 22000 },
      },
      dispensed: { sinceReset: { value: 1230, manual: 500 }, sinceInit: { value: 33800, manual: 9100 } },
      overpay: twice(610, 40),
      manualFill: twice(15000, 2000),
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

  it('is whole, and reads its cashless device, products, reads and power outages', () => {
    expect(evaDts).toMatchObject({ integrity: 'whole', crcByteReversed: false });
    expect(evaDts.cashless1).toEqual({ serial: 'CL000981', model: 'MDB-CASHLESS', sales: twice(vc(88200, 735), vc(6330, 53)), revalue: twice(null, null) });
    expect(evaDts.cashless2).toBeNull();
    expect(evaDts.products.map((p) => [p.product, p.price, p.paid])).toEqual([
      ['A12', 120, twice(cv(412, 49440), cv(35, 4200))],
      ['B07', 90, twice(cv(388, 34920), cv(30, 2700))],
    ]);
    expect(evaDts.reads).toEqual({ withReset: 214, at: '2026-11-20T06:00:00', previousAt: '2026-11-19T06:00:00' });
    expect(evaDts.powerOutages).toEqual(twice(3, 0));
  });
});

describe('audits of several makes', () => {
  it('a coffee machine: cashless 1, sales per product × device × price list, price lists, events', () => {
    const { cash, evaDts } = readEvaDts(fixture('coffee-cashless-price-lists.dex'));
    expect(evaDts.integrity).toBe('whole');
    expect(cash).toMatchObject({
      currency: 'EUR',
      machineTime: '2026-11-20T07:15:00',
      cashIn: { sinceReset: { bills: 200 }, sinceInit: { bills: 8000 } },
      unreadLines: 0,
    });
    expect(evaDts.cashless1).toEqual({ serial: 'CL123456', model: 'MDB-READER', sales: twice(vc(47450, 930), vc(2220, 44)), revalue: twice(150000, 5000) });
    expect(evaDts.products[0]).toEqual({
      product: '10',
      price: 50,
      productId: 'ESP',
      status: null,
      level: null,
      minLevel: null,
      paid: twice(cv(1130, 53450), cv(50, 2350)),
      free: twice(null, null),
    });
    expect(evaDts.productSales.filter((s) => s.product === '10')).toEqual([
      { product: '10', device: 'CA', priceList: 0, price: 50, sales: twice(cv(520, 26000), cv(20, 1000)) },
      { product: '10', device: 'DA', priceList: 1, price: 45, sales: twice(cv(610, 27450), cv(30, 1350)) },
    ]);
    expect(evaDts.priceLists).toHaveLength(6);
    expect(evaDts.priceLists[1]).toEqual({ priceList: 1, product: '10', price: 45, vends: twice(610, 30) });
    expect(evaDts.eventLog).toEqual([{ event: 'EGS', at: '2026-11-20T07:12:00', duration: 3 }]);
    expect(evaDts.eventCounts).toEqual([
      { event: 'EGS', count: twice(45, 3) },
      { event: 'EDJ', count: twice(7, 1) },
    ]);
    // The counters agree as a machine's do: paid vends = cash + cashless; a product's PA2 = its PA7.
    expect(cash.paidVends.sinceReset!.value).toBe(cash.cashSales.sinceReset!.value! + evaDts.cashless1!.sales.sinceReset!.value!);
    for (const p of evaDts.products) {
      const sales = evaDts.productSales.filter((s) => s.product === p.product);
      expect(sales.reduce((sum, s) => sum + s.sales.sinceInit!.value!, 0)).toBe(p.paid.sinceInit!.value);
    }
  });

  it('a snack machine: PA7 through cash and cashless 2, free vends, levels (empty = unknown), telephone-code currency, byte-reversed G85', () => {
    const { cash, evaDts } = readEvaDts(fixture('snack-product-sales.dex'));
    expect(evaDts).toMatchObject({ integrity: 'whole', crcByteReversed: true });
    expect(cash).toMatchObject({ currency: 'EUR', decimals: 2, machineTime: '2026-11-20T18:30:00', tubeContents: 3200, tubes: [] });
    expect(evaDts.cashless1).toBeNull();
    expect(evaDts.cashless2).toMatchObject({ serial: 'CL2-5567', sales: twice(vc(39300, 310), vc(1340, 10)) });
    expect(evaDts.products.map((p) => [p.product, p.status, p.level, p.minLevel])).toEqual([
      ['11', '0', 7, 2],
      ['12', '0', 3, 2],
      ['13', '1', 0, 2],
      ['14', '0', null, 2],
    ]);
    expect(evaDts.products[2]!.free).toEqual(twice(cv(3, 300), cv(1, 100)));
    expect(evaDts.productSales.filter((s) => s.device === 'DB').map((s) => s.product)).toEqual(['11', '12', '14']);
    expect(evaDts.priceLists).toEqual([]);
  });

  it('a can machine: 3-digit ID4, the read time from EA3 without ID5, empty elements unknown (never 0)', () => {
    const { cash, evaDts } = readEvaDts(fixture('can-no-id5.dex'));
    expect(evaDts.integrity).toBe('whole');
    expect(cash).toMatchObject({ currency: 'USD', machineTime: '2026-11-20T09:45:00', unreadLines: 0 });
    expect(cash.paidVends).toEqual(twice(vc(50750, 380), vc(1325, null)));
    // No CA309/CA310 and an empty CA304/CA308: the bills are unknown.
    expect(cash.cashIn).toEqual({
      sinceReset: { total: 1500, toBox: 900, toTubes: 600, bills: null },
      sinceInit: { total: 60000, toBox: 36000, toTubes: 24000, bills: null },
    });
    // A tube's count is unknown: so is the sum of the tubes (no CA15).
    expect(cash.tubes[2]).toEqual({ coinType: 2, value: 25, count: null });
    expect(cash.tubeContents).toBeNull();
    expect(evaDts.products.map((p) => p.paid.sinceReset)).toEqual([cv(4, 500), cv(3, 375), cv(3, 450)]);
  });
});

describe('integrity', () => {
  it('a file cut before G85/SE/DXE is not whole', () => {
    const { evaDts } = readEvaDts(fixture('cut.dex'));
    expect(evaDts.integrity).toBe('cut');
    expect(readEvaDts(dex('ID4*2*978', 'CA2*100*1*100*1')).evaDts.integrity).toBe('cut');
    const whole = fixture('coffee-cashless-price-lists.dex');
    expect(readEvaDts(whole.slice(0, whole.indexOf('DXE'))).evaDts.integrity).toBe('cut');
  });

  it('a whole audit passed on with LF line ends only is still whole (the CRC was computed over CR LF)', () => {
    expect(readEvaDts(fixture('coffee-cashless-price-lists.dex').replace(/\r\n/g, '\n')).evaDts.integrity).toBe('whole');
    expect(readEvaDts(fixture('snack-product-sales.dex').replace(/\r\n/g, '\n')).evaDts).toMatchObject({ integrity: 'whole', crcByteReversed: true });
    expect(readEvaDts(fixture('bad-crc.dex').replace(/\r\n/g, '\n')).evaDts.integrity).toBe('crc-mismatch');
  });

  it('a changed counter fails the CRC; a wrong SE01 fails the segment count', () => {
    expect(readEvaDts(fixture('bad-crc.dex')).evaDts).toMatchObject({ integrity: 'crc-mismatch', crcByteReversed: false });
    const whole = fixture('can-no-id5.dex');
    expect(readEvaDts(whole.replace('SE*19*', 'SE*18*')).evaDts.integrity).toBe('segment-count-mismatch');
    expect(readEvaDts(whole.replace('SE*19*', 'SE**')).evaDts.integrity).toBe('segment-count-mismatch');
  });
});

describe('ID4 currency', () => {
  const currency = (id4: string) => readEvaDts(dex(id4)).cash.currency;
  it('reads the 4-digit ISO (leading 1) and telephone (leading 0) forms, the 3-digit forms, letters, and empty', () => {
    expect([currency('ID4*2*1978'), currency('ID4*2*1826'), currency('ID4*0*1152')]).toEqual(['EUR', 'GBP', 'CLP']);
    expect([currency('ID4*2*0001'), currency('ID4*2*0039'), currency('ID4*2*0044'), currency('ID4*2*0420')]).toEqual(['USD', 'EUR', 'GBP', 'CZK']);
    expect([currency('ID4*2*978'), currency('ID4*2*001'), currency('ID4*2*039')]).toEqual(['EUR', 'USD', 'EUR']);
    expect([currency('ID4*0*152*CLP'), currency('ID4*2**EUR'), currency('ID4*2*1978*eur')]).toEqual(['CLP', 'EUR', 'EUR']);
    expect([currency('ID4*2*999'), currency('ID4*2*1999'), currency('ID4*2'), currency('ID4*2*')]).toEqual(['999', '1999', null, null]);
  });
});

describe('reading line by line', () => {
  it('keeps what a short audit has: counters only since initialisation, no CA15 (tubes summed from CA17), LF line ends', () => {
    const { cash } = readEvaDts('ID4*0*152*CLP\nID5*261120*101530\nCA2*500*5\nCA3*300*200*100\nCA17*00*100*4*9*9\nCA17*01*50*3\n');
    expect(cash.decimals).toBe(0);
    expect(cash.machineTime).toBe('2026-11-20T10:15:30');
    expect(cash.cashSales).toEqual(twice(vc(500, 5), null));
    expect(cash.cashIn).toEqual({ sinceReset: { total: 300, toBox: 200, toTubes: 100, bills: null }, sinceInit: null });
    expect(cash.tubeContents).toBe(4 * 100 + 3 * 50);
    expect(cash.dispensed).toEqual(twice(null, null));
  });

  it('ID5 wins over EA3 for the read time, whichever comes first', () => {
    expect(readEvaDts(dex('EA3*1*20261120*101500', 'ID5*20261120*1000')).cash.machineTime).toBe('2026-11-20T10:00:00');
    expect(readEvaDts(dex('ID5*20261120*1000', 'EA3*1*20261120*101500')).cash.machineTime).toBe('2026-11-20T10:00:00');
  });

  it('counts malformed lines and still reads the others', () => {
    const { cash, evaDts } = readEvaDts(
      dex(
        'ID4*2*978',
        'CA2*12a*3*4*5', // not a number
        'this is not a segment',
        'CA3*100*60*40*0',
        'ID5*2026-11-20*06:00', // wrong date format
        'CA17**5*3', // no coin type
        'CA15*-20', // negative
        'PA2*3*300*1*100', // no PA1 before it
        'LA1**10*50', // no price list
        '',
        '   ',
        'VA1*1000*10*100*1',
      ),
    );
    expect(cash.unreadLines).toBe(7);
    expect(cash.cashSales).toEqual(twice(null, null));
    expect(cash.machineTime).toBeNull();
    expect(cash.tubes).toEqual([]);
    expect(cash.tubeContents).toBeNull();
    expect(cash.cashIn.sinceReset).toEqual({ total: 100, toBox: 60, toTubes: 40, bills: 0 });
    expect(cash.paidVends.sinceReset).toEqual(vc(100, 1));
    expect(evaDts.products).toEqual([]);
    expect(evaDts.priceLists).toEqual([]);
  });

  it('a tube reported twice keeps its last line', () => {
    expect(readEvaDts('CA17*01*10*4\r\nCA17*01*10*6\r\n').cash.tubes).toEqual([{ coinType: 1, value: 10, count: 6 }]);
  });
});

describe('what is EVA-DTS at all', () => {
  it('segments are; plain text, an empty text or mostly prose are not', () => {
    expect(isEvaDts(fixture('standard-example.dex'))).toBe(true);
    expect(isEvaDts(fixture('cut.dex'))).toBe(true);
    expect(isEvaDts(fixture('not-eva-dts.txt'))).toBe(false);
    expect(isEvaDts('')).toBe(false);
    expect(isEvaDts('hello\r\nworld\r\nID4*2*978\r\n')).toBe(false);
  });
});

describe('ingestion of an audit', () => {
  const device = { serial: 'CENG-00000001', merchantId: 'm1', groupId: null };
  const event = (payload: Record<string, unknown>) => {
    const example = JSON.parse(readFileSync(new URL('../../events/iot/audit.json', import.meta.url), 'utf8')) as Record<string, any>;
    return { ...example, payload: { ...example.payload, ...payload }, topic: `vend/${example.serial}/audit`, receivedAt: 1_795_000_000_000 };
  };
  const stored = (payload: Record<string, unknown>) => {
    const read = readRuleEvent('audit', event(payload));
    if (!read.ok) throw new Error(read.value.detail);
    return historyOf(read.value, device)[0]!.data;
  };

  it('stores the cash figures and what else the text says with a whole audit, and none without text', () => {
    expect(stored({})).toMatchObject({
      dex: expect.stringContaining('DXS*'),
      cash: { currency: 'EUR', decimals: 2, cashSales: { sinceInit: { value: 96360, count: 803 } } },
      evaDts: {
        integrity: 'whole',
        products: [
          { product: 'A12', price: 120 },
          { product: 'B07', price: 90 },
        ],
        cashless1: { sales: { sinceInit: { value: 88200 } } },
      },
    });
    const { dex: _dex, ...withoutText } = event({}).payload;
    const bare = readRuleEvent('audit', { ...event({}), payload: withoutText });
    if (!bare.ok) throw new Error(bare.value.detail);
    expect(historyOf(bare.value, device)[0]!.data).not.toHaveProperty('cash');
    expect(historyOf(bare.value, device)[0]!.data).not.toHaveProperty('evaDts');
  });

  it('stores a cut or corrupted audit with its text and why it is not whole, but no cash figures', () => {
    for (const [name, integrity] of [
      ['cut.dex', 'cut'],
      ['bad-crc.dex', 'crc-mismatch'],
    ] as const) {
      const data = stored({ dex: fixture(name) });
      expect(data).not.toHaveProperty('cash');
      expect(data).toMatchObject({ dex: fixture(name), evaDts: { integrity } });
    }
  });

  it('leaves out the parsed lists of an audit too long to store beside its text, keeping its cash figures', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `PA7*${i + 1}*CA*0*120*1234*148080*12*1440`);
    const set = `${['ST*001*0001', 'ID4*2*1978', 'CA2*100*1*100*1', ...lines].join('\r\n')}\r\n`;
    const data = stored({ dex: `${set}G85*${g85Of(set)}\r\nSE*${lines.length + 5}*0001\r\n` });
    expect(data).toMatchObject({
      cash: { currency: 'EUR', cashSales: { sinceInit: vc(100, 1) } },
      evaDts: { integrity: 'whole', productSales: [], detailsOmitted: true },
    });
    expect(JSON.stringify(data).length).toBeLessThan(400_000);
    expect(stored({})).toMatchObject({ evaDts: { detailsOmitted: false } });
  });

  it('keeps aside an audit whose text is not EVA-DTS', () => {
    const read = readRuleEvent('audit', event({ dex: fixture('not-eva-dts.txt') }));
    expect(read).toMatchObject({
      ok: false,
      value: { reason: 'not-eva-dts', detail: expect.stringContaining('payload.dex'), messageId: 'au-01HZX3P7D0K2CENG0001' },
    });
  });
});

describe("the simulator's audits", () => {
  it('are whole and agree with the sales: VA1 = CA2 + DA2, PA2 = its PA7, LA1 = the PA7 at that price list', () => {
    const book = new DexBook();
    const sales = [
      saleTransaction({ productCode: 'P01', priceTable: 1, value: 120, mediaType: 252 }),
      saleTransaction({ productCode: 'P01', priceTable: 1, value: 120, mediaType: 252 }),
      saleTransaction({ productCode: 'P01', priceTable: 6, value: 110, mediaType: 90 }),
      saleTransaction({ productCode: 'P02', priceTable: 2, value: 80, mediaType: 2 }),
      saleTransaction({ productCode: 'P02', priceTable: 1, value: 90, mediaType: 252, freeSale: true }),
    ];
    for (const t of sales) book.record(t);
    const { cash, evaDts } = readEvaDts(book.text('CENG-00000001', '2026-11-20T06:00:00.000Z'));
    expect(evaDts.integrity).toBe('whole');
    expect(cash.unreadLines).toBe(0);
    expect(cash.paidVends.sinceReset).toEqual(vc(430, 4));
    expect(cash.cashSales.sinceReset).toEqual(vc(240, 2));
    expect(evaDts.cashless1!.sales.sinceReset).toEqual(vc(190, 2));
    for (const at of ['sinceInit', 'sinceReset'] as const) {
      expect(cash.paidVends[at]!.value).toBe(cash.cashSales[at]!.value! + evaDts.cashless1!.sales[at]!.value!);
    }
    expect(evaDts.products.map((p) => [p.product, p.price, p.paid.sinceReset])).toEqual([
      ['P01', 120, cv(3, 350)],
      ['P02', 80, cv(1, 80)],
    ]);
    expect(evaDts.productSales.map((s) => [s.product, s.device, s.priceList, s.price, s.sales.sinceReset])).toEqual([
      ['P01', 'CA', 1, 120, cv(2, 240)],
      ['P01', 'DA', 6, 110, cv(1, 110)],
      ['P02', 'DA', 2, 80, cv(1, 80)],
    ]);
    expect(evaDts.priceLists).toEqual([
      { priceList: 1, product: 'P01', price: 120, vends: twice(2, 2) },
      { priceList: 2, product: 'P02', price: 80, vends: twice(1, 1) },
      { priceList: 6, product: 'P01', price: 110, vends: twice(1, 1) },
    ]);
  });
});

describe('audits as the field writes them (issue 31 item 7)', () => {
  it('a change machine: EUR carried in ID403 with ID402 0, bills only in the older CA3 form (whole euros), turned into cents', () => {
    const { cash, evaDts } = readEvaDts(fixture('change-machine-older-ca3.dex'));
    expect(evaDts.integrity).toBe('whole');
    expect(cash).toMatchObject({ currency: 'EUR', decimals: 2, machineTime: '2026-12-04T18:30:00', unreadLines: 0 });
    // CA304 35 (€35) and CA308 2000 (€2,000) agree with the totals: 10250 − 2000 − 4750 = 3500 cents.
    expect(cash.cashIn).toEqual({
      sinceReset: { total: 10250, toBox: 2000, toTubes: 4750, bills: 3500 },
      sinceInit: { total: 412000, toBox: 95000, toTubes: 117000, bills: 200000 },
    });
  });

  it('a snack machine: CLP as 152 in ID403, older bills that disagree with the totals are derived from the totals', () => {
    const { cash, evaDts } = readEvaDts(fixture('snack-clp-id403-bills-disagree.dex'));
    expect(evaDts.integrity).toBe('whole');
    expect(cash).toMatchObject({ currency: 'CLP', decimals: 0, unreadLines: 0 });
    // CA304 28000 against 45000 − 5000 − 10000 = 30000; CA308 700 against 1190000 − 190000 − 300000 = 700000.
    expect(cash.cashIn).toEqual({
      sinceReset: { total: 45000, toBox: 5000, toTubes: 10000, bills: 30000 },
      sinceInit: { total: 1190000, toBox: 190000, toTubes: 300000, bills: 700000 },
    });
  });

  it('the ID403 numeric forms: 4-digit ISO, 3-digit ISO, telephone code; letters still win', () => {
    const currency = (id4: string) => readEvaDts(`${id4}\r\n`).cash.currency;
    expect(currency('ID4*2*0*1978')).toBe('EUR');
    expect(currency('ID4*2*0000*978')).toBe('EUR');
    expect(currency('ID4*2**0040')).toBe('RON');
    expect(currency('ID4*0*0*600')).toBe('PYG');
    expect(currency('ID4*2*1978*EUR')).toBe('EUR');
    expect(currency('ID4*2*0*CZK')).toBe('CZK');
  });

  it('older bills without totals are whole units; CA309/CA310 still win over both', () => {
    expect(readEvaDts('ID4*2*1978\r\nCA3****12\r\n').cash.cashIn.sinceReset).toEqual({ total: null, toBox: null, toTubes: null, bills: 1200 });
    expect(readEvaDts('ID4*0*1203\r\nCA3****12\r\n').cash.cashIn.sinceReset?.bills).toBe(12);
    expect(readEvaDts('ID4*2*1978\r\nCA3*900*100*300*6*****500\r\n').cash.cashIn.sinceReset?.bills).toBe(500);
  });
});
