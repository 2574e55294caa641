import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SapCode } from '#schemas/sap-code';
import { DuplicateSapCodeException, SapCodeNotFoundException } from '../../core/sap-codes/errors';
import type { SapCodeRepository, SapCodeSlice } from '../../core/sap-codes/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { DynamoSapCodeReader, sapCodeOf, sapCodeRecord, type SapCodeItem } from './sap-code-records';

const item = (s: SapCode): SapCodeItem => ({ ...s, name: s.code });

export class DynamoSapCodeRepository extends DynamoSapCodeReader implements SapCodeRepository {
  private readonly store: NamedEntityStore<SapCodeItem>;

  constructor(doc: DynamoDBDocumentClient, tableName: string) {
    super(doc, tableName);
    this.store = new NamedEntityStore<SapCodeItem>(doc, tableName, {
      entity: 'sapCode',
      record: sapCodeRecord,
      key: keys.sapCode,
      byName: keys.sapCodeByCode,
      listPartition: keys.merchantSapCodesPk,
      nameGuard: keys.sapCodeGuard,
      guardOwner: 'sapCodeId',
      counterName: keys.merchantSapCodesPk,
      editable: ['name', 'code', 'description', 'updatedAt'],
      duplicate: () => new DuplicateSapCodeException(),
      notFound: () => new SapCodeNotFoundException(),
    });
  }

  async listSlice(merchantId: string, slice: SapCodeSlice) {
    const page = await this.store.listSlice(merchantId, slice);
    return { ...page, items: page.items.map(sapCodeOf) };
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(sapCode: SapCode) {
    return this.store.create(item(sapCode));
  }

  update(current: SapCode, next: SapCode) {
    return this.store.update(item(current), item(next));
  }
}
