import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordingChange } from '../../core/audit/change-recorder';
import { MerchantNotFoundException } from '../../core/merchants/errors';
import { nameKey } from '../../core/merchants/merchant';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import { batchGetItems } from './batch-items';
import * as keys from './keys';
import { queryPage } from './paging';
import type { RecordSchema } from './records';
import { failedConditionIndex, type TransactItem } from './transactions';

/** What every named entity of a merchant has. */
export interface NamedEntity {
  id: string;
  merchantId: string;
  name: string;
}

type Key = { pk: string; sk: string };

/**
 * How one kind of named entity (groups, clients, no-vend profiles, products) is stored: item at `key`, listed by
 * name in gsi1 `listPartition`, a guard item per name (unique per merchant, case- and accent-insensitive),
 * and a counter of the merchant's entities.
 */
export interface NamedEntityKind<T extends NamedEntity> {
  entity: string;
  /** The record schema its items are read with (the usage count's default for older items included). */
  record: RecordSchema<T>;
  key: (merchantId: string, id: string) => Key;
  byName: (merchantId: string, nameKey: string, id: string) => { gsi1pk: string; gsi1sk: string };
  listPartition: (merchantId: string) => string;
  nameGuard: (merchantId: string, nameKey: string) => Key;
  /** Guard attribute holding the owner's id (`clientId`, `groupId`, …). */
  guardOwner: string;
  /** Counter item name (keys.counter) of the merchant's entities. */
  counterName: (merchantId: string) => string;
  /** Attributes an update sets: never one that other transactions move (e.g. a machines count). */
  editable: readonly (keyof T & string)[];
  /** A count of machines using the entity, moved by ADD in the machines' transactions; delete refuses while above 0. */
  usage?: { attribute: keyof T & string; inUse: () => Error };
  duplicate: () => Error;
  notFound: () => Error;
  /** A second attribute unique per merchant (a product's code): its own guard item, and the entity listed by it in gsi2. */
  uniqueCode?: {
    attribute: keyof T & string;
    byCode: (merchantId: string, codeKey: string, id: string) => { gsi2pk: string; gsi2sk: string };
    guard: (merchantId: string, codeKey: string) => Key;
    duplicate: () => Error;
  };
}

/**
 * Further writes of an entity's transaction, after its own: e.g. an index the entity keeps (a planogram's
 * lines by product). `failed` names the error when the condition of `items[index]` fails.
 */
export interface Companions {
  items: TransactItem[];
  failed?: (index: number) => Error;
}

const NO_COMPANIONS: Companions = { items: [] };

/** The companions' error when one of their conditions failed (they come after the `own` items). */
function companionFailure(error: unknown, own: number, companions: Companions): Error | undefined {
  const failed = failedConditionIndex(error);
  return failed >= own && companions.failed ? companions.failed(failed - own) : undefined;
}

export interface SliceRequest {
  offset: number;
  limit: number;
  ordType: 'asc' | 'desc';
  cursor?: string;
}

/**
 * The storage of one named entity kind; repositories compose it with what is particular to them. Each write records
 * its before → after for the audit trail of the call that made it (change-recorder.ts).
 */
export class NamedEntityStore<T extends NamedEntity> {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly kind: NamedEntityKind<T>,
  ) {}

  private codeKey(e: T): string | undefined {
    const code = this.kind.uniqueCode;
    return code ? nameKey(String(e[code.attribute])) : undefined;
  }

  private toItem(e: T) {
    const nk = nameKey(e.name);
    const ck = this.codeKey(e);
    const byCode = ck === undefined ? {} : { ...this.kind.uniqueCode!.byCode(e.merchantId, ck, e.id), codeKey: ck };
    return { ...e, ...this.kind.key(e.merchantId, e.id), ...this.kind.byName(e.merchantId, nk, e.id), ...byCode, entity: this.kind.entity, nameKey: nk };
  }

  fromItem(item: Record<string, unknown>): T {
    return this.kind.record.read(item);
  }

  private guardItem(merchantId: string, nk: string, id: string) {
    return { ...this.kind.nameGuard(merchantId, nk), [this.kind.guardOwner]: id };
  }

  private codeGuardPut(merchantId: string, ck: string, id: string) {
    const item = { ...this.kind.uniqueCode!.guard(merchantId, ck), [this.kind.guardOwner]: id };
    return { Put: { TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
  }

  private guardDelete(merchantId: string, nk: string, id: string, key: Key = this.kind.nameGuard(merchantId, nk)) {
    return {
      Delete: {
        TableName: this.tableName,
        Key: key,
        ConditionExpression: 'attribute_not_exists(pk) OR #owner = :id',
        ExpressionAttributeNames: { '#owner': this.kind.guardOwner },
        ExpressionAttributeValues: { ':id': id },
      },
    };
  }

  async get(merchantId: string, id: string): Promise<T | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: this.kind.key(merchantId, id) }));
    return res.Item ? this.fromItem(res.Item) : undefined;
  }

  /** Entities by (merchant, id) pairs; unknown ones are left out. */
  async getMany(pairs: ReadonlyArray<{ merchantId: string; id: string }>): Promise<T[]> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      pairs.map((p) => this.kind.key(p.merchantId, p.id)),
    );
    return items.map((item) => this.fromItem(item));
  }

  async listSlice(merchantId: string, req: SliceRequest): Promise<{ items: T[]; cursor?: string }> {
    const slice = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: this.kind.listPartition(merchantId),
      forward: req.ordType === 'asc',
      offset: req.offset,
      limit: req.limit,
      cursor: req.cursor,
    });
    return { items: slice.items.map((item) => this.fromItem(item)), ...(slice.cursor ? { cursor: slice.cursor } : {}) };
  }

  count(merchantId: string): Promise<number> {
    return readCounter(this.doc, this.tableName, this.kind.counterName(merchantId));
  }

  /** Throws the kind's duplicate error, MerchantNotFoundException, or the companions' error. */
  async create(e: T, companions: Companions = NO_COMPANIONS): Promise<void> {
    const ck = this.codeKey(e);
    const codeGuard = ck === undefined ? [] : [this.codeGuardPut(e.merchantId, ck, e.id)];
    const own: TransactItem[] = [
      { Put: { TableName: this.tableName, Item: this.guardItem(e.merchantId, nameKey(e.name), e.id), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...codeGuard,
      { ConditionCheck: { TableName: this.tableName, Key: keys.merchant(e.merchantId), ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName: this.tableName, Item: this.toItem(e), ConditionExpression: 'attribute_not_exists(pk)' } },
      counterUpdate(this.tableName, this.kind.counterName(e.merchantId), { count: 1 })!,
    ];
    try {
      // The change rides in the call's intent when this is its first write (change-recorder.ts).
      await recordingChange(this.kind.entity, e.id, undefined, e, () =>
        this.doc.send(new TransactWriteCommand({ TransactItems: [...own, ...companions.items] })),
      );
    } catch (error) {
      const companionError = companionFailure(error, own.length, companions);
      if (companionError) throw companionError;
      const failed = failedConditionIndex(error);
      if (failed === 0) throw this.kind.duplicate();
      if (failed === 1 && codeGuard.length) throw this.kind.uniqueCode!.duplicate();
      if (failed === 1 + codeGuard.length) throw new MerchantNotFoundException();
      throw error;
    }
    forgetCounter(this.kind.counterName(e.merchantId));
  }

  /** An UpdateItem of the editable fields (a rename swaps the name guards). Throws the kind's not-found and duplicate errors, or the companions' error. */
  async update(current: T, next: T, companions: Companions = NO_COMPANIONS): Promise<void> {
    const m = current.merchantId;
    const oldKey = nameKey(current.name);
    const newKey = nameKey(next.name);
    const oldCode = this.codeKey(current);
    const newCode = this.codeKey(next);
    const item = this.toItem(next) as unknown as Record<string, unknown>;
    const set = [...this.kind.editable, 'nameKey', 'gsi1sk', ...(newCode === undefined ? [] : ['codeKey', 'gsi2sk'])];
    const update = {
      Update: {
        TableName: this.tableName,
        Key: this.kind.key(m, current.id),
        UpdateExpression: `SET ${set.map((_, i) => `#s${i} = :s${i}`).join(', ')}`,
        // Neither renamed nor recoded meanwhile: the guards swapped here are this entity's.
        ConditionExpression: `attribute_exists(pk) AND nameKey = :old${oldCode === undefined ? '' : ' AND codeKey = :oldCode'}`,
        ExpressionAttributeNames: Object.fromEntries(set.map((a, i) => [`#s${i}`, a])),
        ExpressionAttributeValues: {
          ...Object.fromEntries(set.map((a, i) => [`:s${i}`, item[a]])),
          ':old': oldKey,
          ...(oldCode === undefined ? {} : { ':oldCode': oldCode }),
        },
      },
    };
    const renamed = oldKey !== newKey;
    const recoded = oldCode !== newCode;
    const nameGuardPut = renamed
      ? [{ Put: { TableName: this.tableName, Item: this.guardItem(m, newKey, current.id), ConditionExpression: 'attribute_not_exists(pk)' } }]
      : [];
    const codeGuardPut = recoded ? [this.codeGuardPut(m, newCode!, current.id)] : [];
    const own = [
      ...nameGuardPut,
      ...codeGuardPut,
      update,
      ...(renamed ? [this.guardDelete(m, oldKey, current.id)] : []),
      ...(recoded ? [this.guardDelete(m, oldCode!, current.id, this.kind.uniqueCode!.guard(m, oldCode!))] : []),
    ];
    try {
      // The change rides in the call's intent when this is its first write (change-recorder.ts).
      await recordingChange(this.kind.entity, current.id, current, next, () =>
        this.doc.send(new TransactWriteCommand({ TransactItems: [...own, ...companions.items] })),
      );
    } catch (error) {
      const companionError = companionFailure(error, own.length, companions);
      if (companionError) throw companionError;
      const failed = failedConditionIndex(error);
      if (failed === 0 && renamed) throw this.kind.duplicate();
      if (failed === nameGuardPut.length && recoded) throw this.kind.uniqueCode!.duplicate();
      if (failed >= 0) throw this.kind.notFound();
      throw error;
    }
  }

  /** Throws the kind's not-found error, or its in-use error while machines use it, or the companions' error. */
  async delete(current: T, companions: Companions = NO_COMPANIONS): Promise<void> {
    const m = current.merchantId;
    const nk = nameKey(current.name);
    const ck = this.codeKey(current);
    const usage = this.kind.usage;
    const own: TransactItem[] = [
      {
        Delete: {
          TableName: this.tableName,
          Key: this.kind.key(m, current.id),
          // Not renamed (nor recoded) meanwhile: the guards deleted next are this entity's.
          ConditionExpression: `attribute_exists(pk) AND nameKey = :nk${ck === undefined ? '' : ' AND codeKey = :ck'}${usage ? ' AND (attribute_not_exists(#usage) OR #usage <= :zero)' : ''}`,
          ...(usage ? { ExpressionAttributeNames: { '#usage': usage.attribute } } : {}),
          ExpressionAttributeValues: { ':nk': nk, ...(ck === undefined ? {} : { ':ck': ck }), ...(usage ? { ':zero': 0 } : {}) },
        },
      },
      this.guardDelete(m, nk, current.id),
      ...(ck === undefined ? [] : [this.guardDelete(m, ck, current.id, this.kind.uniqueCode!.guard(m, ck))]),
      counterUpdate(this.tableName, this.kind.counterName(m), { count: -1 })!,
    ];
    try {
      // The change rides in the call's intent when this is its first write (change-recorder.ts).
      await recordingChange(this.kind.entity, current.id, current, undefined, () =>
        this.doc.send(new TransactWriteCommand({ TransactItems: [...own, ...companions.items] })),
      );
    } catch (error) {
      const companionError = companionFailure(error, own.length, companions);
      if (companionError) throw companionError;
      if (failedConditionIndex(error) >= 0) {
        const now = usage ? await this.get(m, current.id) : undefined;
        if (usage && now && Number(now[usage.attribute]) > 0) throw usage.inUse();
        throw this.kind.notFound();
      }
      throw error;
    }
    forgetCounter(this.kind.counterName(m));
  }
}
