import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeviceRegistration } from '../../core/devices/model';
import { keys } from './keys';

/** The registry item of a serial (which merchant and group it belongs to) read as a registration. */
export function registrationFromItem(item: Record<string, unknown> | undefined): DeviceRegistration | undefined {
  if (typeof item?.serial !== 'string' || typeof item.merchantId !== 'string') return undefined;
  return { serial: item.serial, merchantId: item.merchantId, groupId: typeof item.groupId === 'string' ? item.groupId : null };
}

/** A machine's registration by serial: one GetItem on the registry (ACCESS-PATTERNS: device registry). */
export async function readRegistration(doc: DynamoDBDocumentClient, tableName: string, serial: string): Promise<DeviceRegistration | undefined> {
  const res = await doc.send(new GetCommand({ TableName: tableName, Key: keys.deviceRegistry(serial) }));
  return registrationFromItem(res.Item);
}
