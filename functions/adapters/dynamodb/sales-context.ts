/**
 * What ingestion reads for a batch of sales (ACCESS-PATTERNS T8): the machines' names (stored on each sale as
 * `posName`) and the merchants' time zones (statistics days), in one BatchGetItem of POS and MERCHANT items.
 * Time zones change rarely: kept 5 minutes per warm function.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Device, SalesContext, SalesContextReader } from '../../core/ingestion/ports';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { posNameProjection } from './pos-name';
import { recordSchema } from './records';

/** A merchant's id and time zone, parsed (ACCESS-PATTERNS: Record schemas); the machines' names: pos-name.ts. */
export const merchantZoneProjection = recordSchema('merchant', z.object({ id: z.string(), timezone: z.string() }));

const TIME_ZONE_TTL_MS = 5 * 60_000;

export class DynamoSalesContext implements SalesContextReader {
  private readonly zones = new Map<string, { timeZone: string; until: number }>();

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async salesContext(devices: readonly Device[]): Promise<SalesContext> {
    const now = this.nowMs();
    const merchants = [...new Set(devices.map((d) => d.merchantId))].filter((m) => (this.zones.get(m)?.until ?? 0) <= now);
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      [...devices.map((d) => keys.pos(d.merchantId, d.serial)), ...merchants.map((m) => keys.merchant(m))],
      { expression: 'pk, sk, serial, #n, id, #tz', names: { '#n': 'name', '#tz': 'timezone' } },
    );
    const posNames = new Map<string, string>();
    for (const item of items) {
      if (item.sk === 'POS') {
        const pos = posNameProjection.read(item);
        posNames.set(pos.serial, pos.name);
      } else {
        const merchant = merchantZoneProjection.read(item);
        this.zones.set(merchant.id, { timeZone: merchant.timezone, until: now + TIME_ZONE_TTL_MS });
      }
    }
    const timeZones = new Map<string, string>();
    for (const d of devices) timeZones.set(d.merchantId, this.zones.get(d.merchantId)?.timeZone ?? 'UTC');
    return { posNames, timeZones };
  }
}
