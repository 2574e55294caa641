import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MerchantSettings, SuperAdminSettings } from '../../../schemas/merchant-settings';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import type { MerchantSettingsRepository } from '../../core/merchants/ports';
import { keys, stripKeys } from './keys';
import { failedConditionIndex } from './transactions';

export class DynamoMerchantSettingsRepository implements MerchantSettingsRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private async read<T>(key: Record<string, string>): Promise<T | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: key }));
    return res.Item ? stripKeys<T>(res.Item) : undefined;
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

  getSettings(merchantId: string) {
    return this.read<MerchantSettings>(keys.merchantSettings(merchantId));
  }

  putSettings(settings: MerchantSettings) {
    return this.write(settings.merchantId, keys.merchantSettings(settings.merchantId), { ...settings, entity: 'merchantSettings' });
  }

  getSuperAdminSettings(merchantId: string) {
    return this.read<SuperAdminSettings>(keys.superAdminSettings(merchantId));
  }

  putSuperAdminSettings(settings: SuperAdminSettings) {
    return this.write(settings.merchantId, keys.superAdminSettings(settings.merchantId), { ...settings, entity: 'superAdminSettings' });
  }
}
