import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { NoVendProfile } from '#schemas/no-vend-profile';
import { DuplicateNoVendProfileNameException, NoVendProfileInUseException, NoVendProfileNotFoundException } from '../../core/no-vend-profiles/errors';
import type { NoVendProfileRepository, NoVendProfileSliceRequest } from '../../core/no-vend-profiles/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { recordSchema } from './records';

/** The record schema of a noVendProfile: items written before its machines count was kept have 0. */
export const noVendProfileRecord = recordSchema<NoVendProfile>('noVendProfile', z.extend(NoVendProfile, { machines: z._default(z.number(), 0) }));

export class DynamoNoVendProfileRepository implements NoVendProfileRepository {
  private readonly store: NamedEntityStore<NoVendProfile>;

  constructor(doc: DynamoDBDocumentClient, tableName: string) {
    this.store = new NamedEntityStore<NoVendProfile>(doc, tableName, {
      entity: 'noVendProfile',
      record: noVendProfileRecord,
      key: keys.noVendProfile,
      byName: keys.noVendProfileByName,
      listPartition: keys.merchantNoVendProfilesPk,
      nameGuard: keys.noVendProfileNameGuard,
      guardOwner: 'noVendProfileId',
      counterName: (merchantId) => `MERCHANT#${merchantId}#NOVENDPROFILES`,
      editable: ['name', 'description', 'periods', 'updatedAt'],
      usage: { attribute: 'machines', inUse: () => new NoVendProfileInUseException() },
      duplicate: () => new DuplicateNoVendProfileNameException(),
      notFound: () => new NoVendProfileNotFoundException(),
    });
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  listSlice(merchantId: string, req: NoVendProfileSliceRequest) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(profile: NoVendProfile) {
    return this.store.create(profile);
  }

  update(current: NoVendProfile, next: NoVendProfile) {
    return this.store.update(current, next);
  }

  delete(current: NoVendProfile) {
    return this.store.delete(current);
  }
}
