import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { MerchantSettingsRepository } from '../../core/merchants/ports';
import * as keys from './keys';
import { recordSchema } from './records';

/** The record schema of a device-association PIN's guard (23): whose PIN it is. */
const pinGuardRecord = recordSchema('pinGuard', z.object({ merchantId: z.string() }));

/** Whose a device-association PIN is: what the machines group reads of merchant settings, without their repository. */
export class DynamoPinGuards implements Pick<MerchantSettingsRepository, 'merchantOfPin'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  /** The merchant whose device-association PIN this is. */
  async merchantOfPin(pin: string): Promise<string | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.pinGuard(pin) }));
    return res.Item && pinGuardRecord.read(res.Item).merchantId;
  }
}
