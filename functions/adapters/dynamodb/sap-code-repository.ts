import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { SapCode } from '#schemas/sap-code';
import { nameKey } from '../../core/merchants/merchant';
import { DuplicateSapCodeException, SapCodeNotFoundException } from '../../core/sap-codes/errors';
import type { SapCodeRepository, SapCodeSlice } from '../../core/sap-codes/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { recordSchema } from './records';

/** Stored as a named entity whose name is the code (its uniqueness guard and listing by code come with it). */
type SapCodeItem = SapCode & { name: string };
export const sapCodeRecord = recordSchema<SapCodeItem>('sapCode', z.extend(SapCode, { name: z.string() }));

const item = (s: SapCode): SapCodeItem => ({ ...s, name: s.code });
const sapCodeOf = ({ name: _name, ...s }: SapCodeItem): SapCode => s;

export class DynamoSapCodeRepository implements SapCodeRepository {
  private readonly store: NamedEntityStore<SapCodeItem>;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
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

  async get(id: string) {
    const found = await this.store.get('', id);
    return found && sapCodeOf(found);
  }

  async byCode(merchantId: string, code: string) {
    const guard = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.sapCodeGuard(merchantId, nameKey(code)) }));
    const id = guard.Item?.sapCodeId;
    return typeof id === 'string' ? this.get(id) : undefined;
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
