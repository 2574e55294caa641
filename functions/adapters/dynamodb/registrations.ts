import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { batchGetItems } from './batch-items';
import type { DeviceRegistration } from '../../core/devices/model';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a serial's registry item (15): which merchant and group it belongs to, and whether it has a stock record (`stocked`, absent on items older than that flag). */
export const registrationRecord = recordSchema<DeviceRegistration>(
  'deviceRegistry',
  z.object({ serial: z.string(), merchantId: z.string(), groupId: z._default(z.nullable(z.string()), null), stocked: z.optional(z.boolean()) }),
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
export function registryCheck(tableName: string, d: { serial: string; merchantId: string; groupId: string | null }) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.deviceRegistry(d.serial),
      ConditionExpression: d.groupId ? '#m = :m AND #g = :g' : '#m = :m AND (attribute_not_exists(#g) OR attribute_type(#g, :null))',
      ExpressionAttributeNames: { '#m': 'merchantId', '#g': 'groupId' },
      ExpressionAttributeValues: d.groupId ? { ':m': d.merchantId, ':g': d.groupId } : { ':m': d.merchantId, ':null': 'NULL' },
    },
  };
}
