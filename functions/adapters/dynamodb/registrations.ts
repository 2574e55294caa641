import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { batchGetItems } from './batch-items';
import type { DeviceRegistration } from '../../core/devices/model';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a serial's registry item (15): which merchant and group it belongs to, and whether it has a stock record (`stocked`, absent on items older than that flag). */
export const registrationRecord = recordSchema<DeviceRegistration>(
  'deviceRegistry',
  z.object({
    serial: z.string(),
    merchantId: z.string(),
    groupId: z._default(z.nullable(z.string()), null),
    stocked: z.optional(z.boolean()),
    hidden: z.optional(z.boolean()),
  }),
);

/** A machine's registration by serial: one GetItem on the registry (ACCESS-PATTERNS: device registry). */
export async function readRegistration(doc: DynamoDBDocumentClient, tableName: string, serial: string): Promise<DeviceRegistration | undefined> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.deviceRegistry(serial) }));
  return res.Item && registrationRecord.read(res.Item);
}

/** The registrations of several serials: one BatchGetItem (a batch of device messages). */
export async function readRegistrations(doc: DynamoDBDocumentClient, tableName: string, serials: readonly string[]): Promise<Map<string, DeviceRegistration>> {
  const items = await batchGetItems(
    doc,
    tableName,
    serials.map((s) => keys.deviceRegistry(s)),
  );
  const found = items.map((i) => registrationRecord.read(i));
  return new Map(found.map((r) => [r.serial, r]));
}

/** A transaction's check that the registry still says this merchant and group (counters go to the right items). */
export function registryCheck(tableName: string, d: { serial: string; merchantId: string; groupId: string | null; hidden?: boolean }) {
  const group = d.groupId ? '#g = :g' : '(attribute_not_exists(#g) OR attribute_type(#g, :null))';
  // Hidden or not, as read: a hide in between moves the counts apart, so this write must read the machine again.
  const hidden = d.hidden ? '#h = :h' : '(attribute_not_exists(#h) OR #h = :h)';
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.deviceRegistry(d.serial),
      ConditionExpression: `#m = :m AND ${group} AND ${hidden}`,
      ExpressionAttributeNames: { '#m': 'merchantId', '#g': 'groupId', '#h': 'hidden' },
      ExpressionAttributeValues: { ':m': d.merchantId, ':h': d.hidden ?? false, ...(d.groupId ? { ':g': d.groupId } : { ':null': 'NULL' }) },
    },
  };
}
