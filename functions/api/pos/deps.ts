import { DynamoPinGuards } from '../../adapters/dynamodb/pin-guards';
import { DynamoMerchantReader } from '../../adapters/dynamodb/merchant-records';
import { DynamoPosLists } from '../../adapters/dynamodb/machine-lists';
import { DynamoPosNotes } from '../../adapters/dynamodb/machine-notes';
import { DynamoPosRecords } from '../../adapters/dynamodb/machine-writes';
import { DynamoPosPurges } from '../../adapters/dynamodb/machine-purges';
import { DynamoPosRegroups } from '../../adapters/dynamodb/machine-regroups';
import { DynamoStockRecords } from '../../adapters/dynamodb/stock-records';
import { DynamoPlanogramLines } from '../../adapters/dynamodb/planogram-records';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The pos group: machines (records, lists, notes), their purge after a delete, their alarms' and commands' re-indexing after a move, merchants and the association PINs of their settings. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  pos: new DynamoPosRecords(doc, tableName),
  posLists: new DynamoPosLists(doc, tableName),
  posNotes: new DynamoPosNotes(doc, tableName),
  purges: new DynamoPosPurges(doc, tableName),
  regroups: new DynamoPosRegroups(doc, tableName),
  merchants: new DynamoMerchantReader(doc, tableName),
  merchantSettings: new DynamoPinGuards(doc, tableName),
  stock: new DynamoStockRecords(doc, tableName),
  planograms: new DynamoPlanogramLines(doc, tableName),
}));

export type PosGroupDeps = ReturnType<typeof deps>;
