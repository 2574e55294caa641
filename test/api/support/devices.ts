/**
 * Devices for ingestion tests: a merchant of their own (so counters see only these machines), machines
 * registered the way a device joins (POST /pos/join with the merchant's PIN), and simulated devices on
 * the stack's MQTT broker.
 */
import { randomInt } from 'node:crypto';
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as keys from '../../../functions/adapters/dynamodb/keys';
import { api } from './http';
import { merchantBody, settingsBody } from './samples';
import { connectDevice, type SimulatedDevice } from '../../../infra/local/simulator';
import { stack } from './stack';
import { FEATURE_FLAGS } from '#schemas/features';

export const newSerial = (type = 'CENG') => `${type}-${String(randomInt(10_000_000, 99_999_999))}`;

export async function newMerchantWithMachines(token: string, count: number, groupName?: string) {
  // Every feature, as Acme: the machines' screens behind flags (stock, signal, configurations, prices, medias) answer.
  const created = await api('/merchants', { method: 'POST', token, body: merchantBody({ features: [...FEATURE_FLAGS] }) });
  if (created.status !== 201) throw new Error(`create merchant: ${created.status} ${created.text}`);
  const merchantId = created.body.id as string;
  const pin = String(randomInt(40_000_000, 99_999_999));
  const saved = await api(`/merchants/${merchantId}/settings`, { method: 'PUT', token, body: { ...settingsBody(), deviceAssociationPin: pin } });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${saved.text}`);
  let groupId: string | null = null;
  if (groupName) {
    const group = await api(`/merchants/${merchantId}/groups`, { method: 'POST', token, body: { name: groupName } });
    if (group.status !== 201) throw new Error(`group: ${group.status} ${group.text}`);
    groupId = group.body.id as string;
  }
  const serials: string[] = [];
  for (let i = 0; i < count; i++) {
    const serial = newSerial();
    const joined = await api('/pos/join', { method: 'POST', token, body: { serial, pin, name: `Ingestion ${serial}` } });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${joined.text}`);
    if (groupId) {
      const associated = await api(`/pos/${serial}/associate-group`, { method: 'PUT', token, body: { groupId } });
      if (associated.status !== 200 && associated.status !== 204) throw new Error(`associate group: ${associated.status} ${associated.text}`);
    }
    serials.push(serial);
  }
  return { merchantId, groupId, serials, pin };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function countPrefix(doc: DynamoDBDocumentClient, merchantId: string, serial: string, prefix: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await doc.send(
      new QueryCommand({
        TableName: stack.tableName,
        Select: 'COUNT',
        ExclusiveStartKey: start,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.posPk(merchantId, serial), ':p': prefix },
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

export async function historyItems(doc: DynamoDBDocumentClient, merchantId: string, serial: string, prefix: string) {
  const res = await doc.send(
    new QueryCommand({
      TableName: stack.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.posPk(merchantId, serial), ':p': prefix },
    }),
  );
  return (res.Items ?? []) as Array<Record<string, any>>;
}

export async function counter(doc: DynamoDBDocumentClient, name: string): Promise<Record<string, number>> {
  const res = await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.counter(name), ConsistentRead: true }));
  // An attribute never added to reads as 0.
  return { online: 0, offline: 0, unknown: 0, count: 0, ...(res.Item ?? {}) } as Record<string, number>;
}

/** Whether ingestion finished a message: its MSG record, or for telemetry (which keeps none) its sample item. */
export async function processed(doc: DynamoDBDocumentClient, message: { messageId: string; type: string; serial: string; sentAt: string }): Promise<boolean> {
  if (message.type !== 'telemetry') {
    const res = await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.deviceMessage(message.messageId) }));
    return !!res.Item;
  }
  const registry = await doc.send(new GetCommand({ TableName: stack.tableName, Key: keys.deviceRegistry(message.serial) }));
  const merchantId = registry.Item?.merchantId as string | undefined;
  if (!merchantId) return false;
  const sample = keys.posSensorSample(merchantId, message.serial, new Date(message.sentAt).toISOString(), message.messageId);
  return !!(await doc.send(new GetCommand({ TableName: stack.tableName, Key: sample }))).Item;
}

/** Simulated devices on the stack's broker, connected on demand; `closeAll` in afterAll. */
export function simulatedDevices() {
  const devices = new Map<string, Promise<SimulatedDevice>>();
  return {
    /**
     * The machine's one connection (its serial is its MQTT client id): asked again, the same one while it is open. Two
     * connections with one client id take each other over, as AWS IoT does, and each reconnects a second later.
     */
    connect: async (serial: string) => {
      const open = devices.get(serial);
      if (open) {
        const d = await open;
        if (!d.client.disconnecting && !d.client.disconnected) return d;
      }
      const connecting = connectDevice(stack.mqtt, serial);
      devices.set(serial, connecting);
      return connecting;
    },
    closeAll: () => Promise.all([...devices.values()].map(async (d) => (await d).client.endAsync())),
  };
}
