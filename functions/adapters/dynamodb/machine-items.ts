/** The items a machine is stored as (ACCESS-PATTERNS: Machines): built and read back here, written by machine-writes.ts. */
import * as z from 'zod/mini';
import { PointOfSale } from '#schemas/pos-entity';
import { TELEMETRY_FIELDS, toPointOfSale, type PosRecord } from '../../core/devices/model';
import { nameKey } from '../../core/merchants/merchant';
import * as keys from './keys';
import { recordSchema } from './records';
import { copiedTelemetry } from './reported-copy';

type Item = Record<string, unknown>;

export const notesCounter = (merchantId: string, serial: string) => `POS#${merchantId}#${serial}#NOTES`;

/** The POS item: the record plus its list keys (by name; by group and by planogram when it has them) and `nameKey`. */
export function posItem(r: PosRecord): Item {
  const nk = nameKey(r.name);
  return {
    ...r,
    ...keys.pos(r.merchantId, r.serial),
    ...keys.posByName(r.merchantId, r.hidden, nk, r.serial),
    ...(r.groupId ? keys.posByGroup(r.merchantId, r.groupId, nk, r.serial) : {}),
    ...(r.planogramId ? keys.posByPlanogram(r.merchantId, r.planogramId, nk, r.serial) : {}),
    entity: 'pos',
    nameKey: nk,
  };
}

/** Whether a machine has a stock record (S1): a planogram and stock management. The registry says it, for ingestion. */
export const hasStock = (r: Pick<PosRecord, 'planogramId' | 'manageStock'>) => Boolean(r.planogramId && r.manageStock);

/** The registry item of a serial: `{ serial, merchantId, groupId, stocked }`. */
export function registryItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'groupId' | 'planogramId' | 'manageStock' | 'hidden'>): Item {
  return {
    ...keys.deviceRegistry(r.serial),
    serial: r.serial,
    merchantId: r.merchantId,
    groupId: r.groupId,
    stocked: hasStock(r),
    hidden: r.hidden,
    entity: 'deviceRegistry',
  };
}

export function posNameGuardItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'name'>): Item {
  return { ...keys.posNameGuard(r.merchantId, nameKey(r.name)), serial: r.serial };
}

const telemetry = Object.fromEntries(TELEMETRY_FIELDS.map((f) => [f, true])) as { [F in (typeof TELEMETRY_FIELDS)[number]]: true };

/**
 * The record schema of a machine's POS item: what is reported (and its copy on the item, read by
 * copiedTelemetry) is not the record, nor the `status` older items kept before it followed the alarms;
 * `resetAt` is null on items written before it existed.
 */
export const posRecord = recordSchema<PosRecord>('pos', z.extend(z.omit(PointOfSale, telemetry), { resetAt: z._default(z.nullable(z.string()), null) }));

export const recordOf = (item: Item): PosRecord => posRecord.read(item);

/** A listed machine: its record and the copy of what it reported, from the POS item alone. */
export const listedOf = (item: Item): PointOfSale => toPointOfSale(recordOf(item), copiedTelemetry(item));

/** The POS item's record attributes (keys aside) for `replaceAttributes`. */
export function recordAttributes(r: PosRecord): Item {
  const { pk: _pk, sk: _sk, ...rest } = posItem(r);
  return rest;
}
