/** One machine read by serial: its registration (registry) and its record, telemetry and notes count (one BatchGet). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeviceRegistration, StoredPos } from '../../core/devices/model';
import type { PosReader } from '../../core/devices/ports';
import { batchGetItems } from './batch-items';
import { counted, counterRecord } from './counters';
import * as keys from './keys';
import { notesCounter, recordOf } from './machine-items';
import { readRegistration } from './registrations';
import { telemetryOf } from './reported-copy';

type Item = Record<string, unknown>;

export class DynamoPosReader implements PosReader {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  registration(serial: string): Promise<DeviceRegistration | undefined> {
    return readRegistration(this.doc, this.tableName, serial);
  }

  async get(merchantId: string, serial: string): Promise<StoredPos | undefined> {
    const wanted = [keys.pos(merchantId, serial), keys.posTelemetry(merchantId, serial), keys.counter(notesCounter(merchantId, serial))];
    const found = await this.batchGet(wanted);
    const byKey = (k: { pk: string; sk: string }) => found.find((i) => i.pk === k.pk && i.sk === k.sk);
    const pos = byKey(wanted[0]!);
    if (!pos) return undefined;
    const notes = byKey(wanted[2]!);
    return { record: recordOf(pos), telemetry: telemetryOf(byKey(wanted[1]!)), notes: counted(notes && counterRecord.read(notes)) };
  }

  private batchGet(keyList: Array<Record<string, unknown>>): Promise<Item[]> {
    return batchGetItems(this.doc, this.tableName, keyList);
  }
}
