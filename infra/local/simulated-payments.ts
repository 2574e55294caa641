/**
 * How the simulated machines are paid (issue 20): cash, cashless cards, the merchant's keys (a small pool of demo
 * media per merchant, the same ids in the seeded week and the live simulator), the mobile app; recharges of keys,
 * bonus credit, free and failed sales. Pure apart from the keys' credit, which each sale and recharge moves.
 */
import { createHash } from 'node:crypto';
import type { SaleTransaction } from '#schemas/iot';
import { SOURCE_TYPE } from '#schemas/transaction-constants';

/** Keys per merchant (the first two of them printed without a serial: all F). */
export const DEMO_KEYS_PER_MERCHANT = 12;
const APP_USERS = 6;

export interface DemoKey {
  id: string;
  serial: string;
  /** Minor units on the key. */
  credit: number;
  counter: number;
  /** The mobile app's keys are virtual (media type 27), of partner 2. */
  app: boolean;
}

const hex = (text: string, digits: number) => createHash('sha256').update(text).digest('hex').slice(0, digits).toUpperCase();

/** A merchant's demo keys: stable ids and serials derived from the merchant id. */
export function demoKeys(merchantId: string): DemoKey[] {
  return Array.from({ length: DEMO_KEYS_PER_MERCHANT }, (_, i) => ({
    id: `${i < 9 ? '04' : '7F'}${hex(`${merchantId}#key#${i}`, 12)}`,
    serial: i < 2 ? 'FFFFFFFF' : hex(`${merchantId}#serial#${i}`, 8),
    credit: 1500 + 250 * i,
    counter: 10 * i,
    app: i >= 9,
  }));
}

/** What a transaction was paid with and what it is, beyond line and product: `vend` = a product came out. */
export type Payment = Pick<SaleTransaction, 'type' | 'mediaType'> & Partial<SaleTransaction> & { vend: boolean };

const pickOf = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;

/** The payments of one merchant's machines, the keys' credit moving with them. */
export class SimulatedPayments {
  private readonly keys: DemoKey[];

  constructor(private readonly merchantId: string) {
    this.keys = demoKeys(merchantId);
  }

  /** The next transaction of machine `serial` worth `value` (a sale's price; recharges choose their own). */
  next(random: () => number, serial: string, value: number): Payment {
    const roll = random();
    const machine = { type: SOURCE_TYPE.vendingMachine, serial };
    if (roll < 0.34) return { type: 2, mediaType: 252, source: machine, vend: true };
    if (roll < 0.48) return { type: 1, mediaType: 90, creditCardInfo: { fileId: `CC-${hex(`${serial}#${random()}`, 10)}` }, source: machine, vend: true };
    if (roll < 0.56) return this.appSale(random, value);
    if (roll < 0.84) {
      const key = this.key(random, false);
      return key.credit >= value ? { ...this.spend(key, value, 3, 2), source: machine, vend: true } : this.recharge(random, key, serial);
    }
    if (roll < 0.9) return this.recharge(random, this.key(random, false), serial);
    if (roll < 0.93) return { ...this.spend(this.key(random, false), 0, 5, 2, 50), source: machine, vend: false };
    if (roll < 0.97) return { type: 2, mediaType: 252, freeSale: true, source: machine, vend: true };
    return { type: pickOf(random, [2, 3] as const), mediaType: 252, errorSale: true, source: machine, vend: false };
  }

  private key(random: () => number, app: boolean): DemoKey {
    return pickOf(
      random,
      this.keys.filter((k) => k.app === app),
    );
  }

  private mediaOf(key: DemoKey, extra: Partial<NonNullable<SaleTransaction['media']>> = {}): NonNullable<SaleTransaction['media']> {
    return { id: key.id, serial: key.serial, credit: key.credit, counter: key.counter, ...(key.app ? { externalService: 2 } : {}), ...extra };
  }

  /** A sale (or bonus: credit added) on a key. */
  private spend(key: DemoKey, value: number, type: 3 | 5, mediaType: 2 | 27, bonus = 0): Payment {
    key.credit += bonus - value;
    key.counter++;
    return { type, mediaType, value: bonus || value, media: this.mediaOf(key, bonus ? { bonusCredit: bonus } : {}), vend: type === 3 };
  }

  private recharge(random: () => number, key: DemoKey, serial: string): Payment {
    const value = pickOf(random, [500, 1000, 2000]);
    key.credit += value;
    key.counter++;
    const atStation = random() < 0.3;
    return {
      type: 4,
      mediaType: 2,
      value,
      line: 0,
      productCode: '',
      media: this.mediaOf(key),
      source: atStation ? { type: SOURCE_TYPE.rechargeStation, serial: `RS-${this.merchantId.slice(0, 8)}` } : { type: SOURCE_TYPE.vendingMachine, serial },
      vend: false,
    };
  }

  private appSale(random: () => number, value: number): Payment {
    const key = this.key(random, true);
    if (key.credit < value) key.credit += 2000; // topped up in the app
    return {
      ...this.spend(key, value, 3, 27),
      source: { type: SOURCE_TYPE.mobileApp, serial: 'app-eu-1' },
      externalServiceInfo: { userId: `u-${hex(`${this.merchantId}#user#${this.keys.indexOf(key) % APP_USERS}`, 6).toLowerCase()}` },
      vend: true,
    };
  }
}
