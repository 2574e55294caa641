import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetItems } from './batch-items';
import type { DeviceRegistration } from '../../core/devices/model';
import * as keys from './keys';

/** The registry item of a serial (which merchant and group it belongs to) read as a registration. */
export function registrationFromItem(item: Record<string, unknown> | undefined): DeviceRegistration | undefined {
  if (typeof item?.serial !== 'string' || typeof item.merchantId !== 'string') return undefined;
  return {
    serial: item.serial,
    merchantId: item.merchantId,
    groupId: typeof item.groupId === 'string' ? item.groupId : null,
    ...(typeof item.stocked === 'boolean' ? { stocked: item.stocked } : {}),
  };
}

/** A machine's registration by serial: one GetItem on the registry (ACCESS-PATTERNS: device registry). */
export async function readRegistration(doc: DynamoDBDocumentClient, tableName: string, serial: string): Promise<DeviceRegistration | undefined> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.deviceRegistry(serial) }));
  return registrationFromItem(res.Item);
}

/** The registrations of several serials: one BatchGetItem (a batch of device messages). */
export async function readRegistrations(doc: DynamoDBDocumentClient, tableName: string, serials: readonly string[]): Promise<Map<string, DeviceRegistration>> {
  const items = await batchGetItems(
    doc,
    tableName,
    serials.map((s) => keys.deviceRegistry(s)),
  );
  const found = items.map(registrationFromItem).filter((r) => r !== undefined);
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
