import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ScreenConfiguration } from '#schemas/screen-configuration';
import { DuplicateScreenConfigurationNameException, ScreenConfigurationNotFoundException } from '../../core/screen-configurations/errors';
import type { ScreenConfigurationRepository, ScreenSlice } from '../../core/screen-configurations/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { recordSchema } from './records';

export const screenConfigurationRecord = recordSchema<ScreenConfiguration>('screenConfiguration', ScreenConfiguration);

export class DynamoScreenConfigurationRepository implements ScreenConfigurationRepository {
  private readonly store: NamedEntityStore<ScreenConfiguration>;

  constructor(doc: DynamoDBDocumentClient, tableName: string) {
    this.store = new NamedEntityStore<ScreenConfiguration>(doc, tableName, {
      entity: 'screenConfiguration',
      record: screenConfigurationRecord,
      key: keys.screenConfiguration,
      byName: keys.screenConfigurationByName,
      listPartition: keys.merchantScreenConfigurationsPk,
      nameGuard: keys.screenConfigurationNameGuard,
      guardOwner: 'screenConfigurationId',
      counterName: (merchantId) => `MERCHANT#${merchantId}#SCREENCONFIGS`,
      editable: ['name', 'orientation', 'theme', 'idleSeconds', 'welcomeText', 'slides', 'updatedAt', 'updatedBy'],
      duplicate: () => new DuplicateScreenConfigurationNameException(),
      notFound: () => new ScreenConfigurationNotFoundException(),
    });
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  listSlice(merchantId: string, req: ScreenSlice) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(configuration: ScreenConfiguration) {
    return this.store.create(configuration);
  }

  update(current: ScreenConfiguration, next: ScreenConfiguration) {
    return this.store.update(current, next);
  }
}
