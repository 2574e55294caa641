/** The items a machine is stored as (ACCESS-PATTERNS: Machines): built and read back here, written by machine-writes.ts. */
import type { PointOfSale } from '#schemas/pos';
import { toPointOfSale, type PosRecord } from '../../core/devices/model';
import { nameKey } from '../../core/merchants/merchant';
import * as keys from './keys';
import { stripKeys } from './keys';
import { copiedTelemetry, REPORTED_COPY_ATTRIBUTES } from './reported-copy';

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

/** The registry item of a serial: `{ serial, merchantId, groupId }`. */
export function registryItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'groupId'>): Item {
  return { ...keys.deviceRegistry(r.serial), serial: r.serial, merchantId: r.merchantId, groupId: r.groupId, entity: 'deviceRegistry' };
}

export function posNameGuardItem(r: Pick<PosRecord, 'serial' | 'merchantId' | 'name'>): Item {
  return { ...keys.posNameGuard(r.merchantId, nameKey(r.name)), serial: r.serial };
}

export function recordOf(item: Item): PosRecord {
  // `status` was on the POS item before it followed the alarms (TELEMETRY): an old item's is ignored.
  const { nameKey: _nk, status: _status, ...rest } = stripKeys<PosRecord & { nameKey: string; status?: unknown }>(item);
  for (const a of REPORTED_COPY_ATTRIBUTES) delete (rest as Item)[a];
  return { ...rest, resetAt: rest.resetAt ?? null };
}

/** A listed machine: its record and the copy of what it reported, from the POS item alone. */
export const listedOf = (item: Item): PointOfSale => toPointOfSale(recordOf(item), copiedTelemetry(item));

/** The POS item's record attributes (keys aside) for `replaceAttributes`. */
export function recordAttributes(r: PosRecord): Item {
  const { pk: _pk, sk: _sk, ...rest } = posItem(r);
  return rest;
}
