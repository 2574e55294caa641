import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Group, GroupInput } from '#schemas/group';
import { DuplicateGroupNameException, GroupNotFoundException } from '../../core/groups/errors';
import type { GroupRepository, GroupSliceRequest } from '../../core/groups/ports';
import * as keys from './keys';
import { NamedEntityStore } from './named-entity-store';
import { DynamoGroupReader, groupRecord } from './group-records';

export class DynamoGroupRepository extends DynamoGroupReader implements GroupRepository {
  private readonly store: NamedEntityStore<Group>;

  constructor(doc: DynamoDBDocumentClient, tableName: string) {
    super(doc, tableName);
    this.store = new NamedEntityStore<Group>(doc, tableName, {
      entity: 'group',
      record: groupRecord,
      key: keys.group,
      byName: keys.groupByName,
      listPartition: keys.merchantGroupsPk,
      nameGuard: keys.groupNameGuard,
      guardOwner: 'groupId',
      counterName: (merchantId) => `MERCHANT#${merchantId}#GROUPS`,
      editable: ['name', 'description', 'updatedAt'],
      duplicate: () => new DuplicateGroupNameException(),
      notFound: () => new GroupNotFoundException(),
    });
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  getMany(merchantId: string, ids: readonly string[]) {
    return this.store.getMany(ids.map((id) => ({ merchantId, id })));
  }

  listSlice(merchantId: string, req: GroupSliceRequest) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(group: Group) {
    return this.store.create(group);
  }

  async update(merchantId: string, id: string, input: GroupInput, updatedAt: string): Promise<Group> {
    const current = await this.get(merchantId, id);
    if (!current) throw new GroupNotFoundException();
    const next: Group = { ...current, ...input, updatedAt: updatedAt > current.updatedAt ? updatedAt : current.updatedAt };
    await this.store.update(current, next);
    return next;
  }

  async delete(merchantId: string, id: string): Promise<void> {
    const current = await this.get(merchantId, id);
    if (!current) throw new GroupNotFoundException();
    await this.store.delete(current);
  }
}
