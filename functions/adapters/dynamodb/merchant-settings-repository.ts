import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { MerchantSettings, SuperAdminSettings } from '#schemas/merchant-settings-entity';
import { DuplicateDevicePinException } from '../../core/devices/errors';
import { MerchantNotFoundException, SettingsChangedConcurrentlyException } from '../../core/merchants/errors';
import type { MerchantSettingsRepository, StoredMerchantSettings } from '../../core/merchants/ports';
import { apiTokenHashOf, StoredApiToken } from './api-token-record';
import * as keys from './keys';
import { recordSchema, type RecordSchema } from './records';
import { DynamoPinGuards } from './pin-guards';
import { failedConditionIndex } from './transactions';

/** The record schemas of a merchant's settings (the API token as stored: its hash, or an older item's plaintext) and of its super-admin settings. */
export const merchantSettingsRecord = recordSchema('merchantSettings', z.extend(z.omit(MerchantSettings, { apiTokenIssued: true }), StoredApiToken.shape));
export const superAdminSettingsRecord = recordSchema<SuperAdminSettings>('superAdminSettings', SuperAdminSettings);

export class DynamoMerchantSettingsRepository extends DynamoPinGuards implements MerchantSettingsRepository {
  private async read<T>(key: Record<string, string>, record: RecordSchema<T>): Promise<T | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key }));
    return res.Item ? record.read(res.Item) : undefined;
  }

  /** Writes a settings item only while its merchant exists. */
  private async write(merchantId: string, key: Record<string, string>, item: object): Promise<void> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(merchantId), ConditionExpression: 'attribute_exists(pk)' } },
            { Put: { TableName: this.tableName, Item: { ...item, ...key } } },
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new MerchantNotFoundException();
      throw error;
    }
  }

  /**
   * The settings, the API token as its hash. An item written before tokens were hashed holds the plaintext: it is
   * rewritten here, on its first read, to the hash alone (migrate on read; the gates read either meanwhile).
   */
  async getSettings(merchantId: string): Promise<StoredMerchantSettings | undefined> {
    const stored = await this.read(keys.merchantSettings(merchantId), merchantSettingsRecord);
    if (!stored) return undefined;
    const { apiToken, apiTokenHash: _, ...settings } = stored;
    const apiTokenHash = apiTokenHashOf(stored);
    if (apiToken !== undefined) await this.forgetPlainToken(merchantId, apiToken, apiTokenHash);
    return { ...settings, apiTokenHash };
  }

  private async forgetPlainToken(merchantId: string, apiToken: string, apiTokenHash: string): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.merchantSettings(merchantId),
          UpdateExpression: 'SET apiTokenHash = :h REMOVE apiToken',
          ConditionExpression: 'apiToken = :t',
          ExpressionAttributeValues: { ':h': apiTokenHash, ':t': apiToken },
        }),
      );
    } catch (error) {
      // Someone saved meanwhile: the item they wrote holds the hash already.
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /**
   * Saves the settings and keeps the PIN guard (`PIN#{pin}` → merchantId) in step, in one transaction: a PIN
   * another merchant holds → DuplicateDevicePinException; the settings item must still carry `previousPin`
   * (else someone saved meanwhile → SettingsChangedConcurrentlyException).
   */
  async putSettings(settings: StoredMerchantSettings, previousPin: string) {
    const T = this.tableName;
    const m = settings.merchantId;
    const pin = settings.deviceAssociationPin;
    const changed = pin !== previousPin;
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { ConditionCheck: { TableName: T, Key: keys.merchant(m), ConditionExpression: 'attribute_exists(pk)' } },
            {
              Put: {
                TableName: T,
                Item: { ...settings, ...keys.merchantSettings(m), entity: 'merchantSettings' },
                ConditionExpression: previousPin ? 'deviceAssociationPin = :old' : 'attribute_not_exists(pk) OR deviceAssociationPin = :old',
                ExpressionAttributeValues: { ':old': previousPin },
              },
            },
            ...(changed && pin
              ? [
                  {
                    Put: {
                      TableName: T,
                      Item: { ...keys.pinGuard(pin), merchantId: m },
                      ConditionExpression: 'attribute_not_exists(pk) OR merchantId = :m',
                      ExpressionAttributeValues: { ':m': m },
                    },
                  },
                ]
              : []),
            ...(changed && previousPin
              ? [
                  {
                    Delete: {
                      TableName: T,
                      Key: keys.pinGuard(previousPin),
                      ConditionExpression: 'attribute_not_exists(pk) OR merchantId = :m',
                      ExpressionAttributeValues: { ':m': m },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0) throw new MerchantNotFoundException();
      if (failed === 2 && changed && pin) throw new DuplicateDevicePinException();
      if (failed >= 0) throw new SettingsChangedConcurrentlyException();
      throw error;
    }
  }

  getSuperAdminSettings(merchantId: string) {
    return this.read(keys.superAdminSettings(merchantId), superAdminSettingsRecord);
  }

  putSuperAdminSettings(settings: SuperAdminSettings) {
    return this.write(settings.merchantId, keys.superAdminSettings(settings.merchantId), { ...settings, entity: 'superAdminSettings' });
  }
}
