/**
 * What a machine reported, in the two places it is stored.
 *
 * The TELEMETRY item (written by ingestion on every ping batch) is the truth; the detail reads it. The POS item
 * carries a copy of the listed attributes under `reported*` names, so a devices page is one Query: ingestion
 * writes the copy on every connection change (inside the transition's transaction) and otherwise, from pings, at
 * most once every LIST_COPY_SECONDS (an hour; the POS item is in up to three indexes projected ALL, so a refresh
 * costs up to four item writes). API writes update only the record's attributes of the POS item
 * (`replaceAttributes`), so they never put back an older copy. A list therefore shows pings, signal and last sale up
 * to an hour late, and the connection and status exactly; the detail reads the TELEMETRY item.
 */
import type { Telemetry } from '../../core/devices/model';
import * as keys from './keys';
import { setParts } from './update-expression';

type Item = Record<string, unknown>;

const LISTED = [
  'lastPingAt',
  'signalLevel',
  'temperature',
  'connection',
  'lastSaleAt',
  'lastAuditAt',
  'firmwareVersion',
  'networkType',
  'publicIp',
  'activeWarning',
  'activeBlocking',
] as const;
type Listed = (typeof LISTED)[number];

const copyName = (a: Listed) => `reported${a[0]!.toUpperCase()}${a.slice(1)}`;
export const REPORTED_COPY_ATTRIBUTES: readonly string[] = LISTED.map(copyName);
const COPIED_PING_AT = copyName('lastPingAt');

function pick(item: Item | undefined, name: (a: Listed) => string): Telemetry {
  const t: Record<string, unknown> = {};
  for (const a of LISTED) {
    const v = item?.[name(a)];
    if (v !== undefined && v !== null) t[a] = v;
  }
  return t as Telemetry;
}

/** The listed attributes of a TELEMETRY item. */
export const telemetryOf = (item: Item | undefined): Telemetry => pick(item, (a) => a);

/** The copy a POS item carries. */
export const copiedTelemetry = (posItem: Item): Telemetry => pick(posItem, copyName);

/** TELEMETRY-named attributes (extra ones ignored) → the copy's attribute names, for a SET. */
export function reportedCopy(telemetry: Item): Item {
  const out: Item = {};
  for (const a of LISTED) if (telemetry[a] !== undefined && telemetry[a] !== null) out[copyName(a)] = telemetry[a];
  return out;
}

/**
 * The copy's update on the POS item (a transaction item's `Update`; the machine must exist). `forwardOnly`: not
 * over a copy of a later ping. Connection changes and alarm counts need no such guard: their transactions are
 * ordered by the TELEMETRY item's state they are conditioned on.
 */
export function posCopyUpdate(tableName: string, d: { merchantId: string; serial: string }, copy: Item, forwardOnly = false) {
  const set = setParts(copy, 'c');
  const at = forwardOnly ? copy[COPIED_PING_AT] : undefined;
  return {
    Update: {
      TableName: tableName,
      Key: keys.pos(d.merchantId, d.serial),
      UpdateExpression: `SET ${set.parts.join(', ')}`,
      ConditionExpression: at === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND (attribute_not_exists(#cp) OR #cp <= :cp)',
      ExpressionAttributeNames: { ...set.names, ...(at === undefined ? {} : { '#cp': COPIED_PING_AT }) },
      ExpressionAttributeValues: { ...set.values, ...(at === undefined ? {} : { ':cp': at }) },
    },
  };
}
