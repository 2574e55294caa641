import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Planogram } from '#schemas/planogram-entity';
import {
  DuplicatePlanogramNameException,
  PlanogramInUseException,
  PlanogramNotFoundException,
  PlanogramProductNotFoundException,
  TooManyProductChangesException,
} from '../../core/planograms/errors';
import type { PlanogramRepository, PlanogramSliceRequest } from '../../core/planograms/ports';
import * as keys from './keys';
import { NamedEntityStore, type Companions } from './named-entity-store';
import { planogramRecord } from './planogram-records';
import { readRange } from './paging';
import type { TransactItem } from './transactions';
import { recordSchema } from './records';

/** What a planogram's delete reads of its machines' POS items (26i). */
const posSerialProjection = recordSchema('pos', z.object({ serial: z.string() }));

const productsOf = (p: Planogram) => new Set(p.lines.map((l) => l.productId));

/** A transaction holds 100 items; the planogram's own writes take at most 4 (a rename: guard put, update, guard delete). */
const MAX_COMPANION_ITEMS = 96;

/**
 * Planograms through the named-entity store (ACCESS-PATTERNS 26h), each save keeping in the same transaction the
 * index of its lines by product (26g: one item per (product, planogram)) and the products' `planograms` counts (26c).
 */
export class DynamoPlanogramRepository implements PlanogramRepository {
  private readonly store: NamedEntityStore<Planogram>;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.store = new NamedEntityStore<Planogram>(doc, tableName, {
      entity: 'planogram',
      record: planogramRecord,
      key: keys.planogram,
      byName: keys.planogramByName,
      listPartition: keys.merchantPlanogramsPk,
      nameGuard: keys.planogramNameGuard,
      guardOwner: 'planogramId',
      counterName: keys.planogramsCounterName,
      editable: ['name', 'description', 'planogramType', 'lines', 'updatedAt'],
      usage: { attribute: 'machines', inUse: () => new PlanogramInUseException() },
      duplicate: () => new DuplicatePlanogramNameException(),
      notFound: () => new PlanogramNotFoundException(),
    });
  }

  /** The product's use item (its label: the planogram's name) and, when it is new to the planogram, its count +1 (it must exist). */
  private useItems(p: Planogram, productId: string, added: boolean): TransactItem[] {
    const item = { ...keys.productPlanogramUse(p.merchantId, productId, p.id), entity: 'productPlanogramUse', planogramId: p.id, description: p.name };
    const put: TransactItem = { Put: { TableName: this.tableName, Item: item } };
    return added ? [put, this.productCount(p.merchantId, productId, 1)] : [put];
  }

  private unuseItems(p: Planogram, productId: string): TransactItem[] {
    return [
      { Delete: { TableName: this.tableName, Key: keys.productPlanogramUse(p.merchantId, productId, p.id) } },
      this.productCount(p.merchantId, productId, -1),
    ];
  }

  /** The product's `planograms` count (26c), which its delete is conditioned on. */
  private productCount(merchantId: string, productId: string, delta: 1 | -1): TransactItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: keys.product(merchantId, productId),
        UpdateExpression: 'ADD planograms :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':d': delta },
      },
    };
  }

  /** The companion items, and the error of a failed product count: the product went meanwhile (404 naming its lines). */
  private companions(p: Planogram, items: TransactItem[]): Companions {
    if (items.length > MAX_COMPANION_ITEMS) throw new TooManyProductChangesException(Math.floor(MAX_COMPANION_ITEMS / 2));
    return {
      items,
      failed: (index) => {
        const productId = items[index]?.Update?.Key?.sk?.toString().replace(/^PRODUCT#/, '');
        return new PlanogramProductNotFoundException(p.lines.flatMap((l, i) => (l.productId === productId ? [i] : [])));
      },
    };
  }

  get(merchantId: string, id: string) {
    return this.store.get(merchantId, id);
  }

  listSlice(merchantId: string, req: PlanogramSliceRequest) {
    return this.store.listSlice(merchantId, req);
  }

  count(merchantId: string) {
    return this.store.count(merchantId);
  }

  create(planogram: Planogram) {
    return this.store.create(
      planogram,
      this.companions(
        planogram,
        [...productsOf(planogram)].flatMap((id) => this.useItems(planogram, id, true)),
      ),
    );
  }

  /** New products count +1 and the ones left out −1; the kept ones' use items are put again only when the label changed. */
  update(current: Planogram, next: Planogram) {
    const before = productsOf(current);
    const after = productsOf(next);
    const relabelled = current.name !== next.name;
    const items = [
      ...[...after].filter((id) => relabelled || !before.has(id)).flatMap((id) => this.useItems(next, id, !before.has(id))),
      ...[...before].filter((id) => !after.has(id)).flatMap((id) => this.unuseItems(current, id)),
    ];
    return this.store.update(current, next, this.companions(next, items));
  }

  delete(current: Planogram) {
    return this.store.delete(current, { items: [...productsOf(current)].flatMap((id) => this.unuseItems(current, id)) });
  }

  async machineSerials(merchantId: string, id: string, max: number): Promise<string[]> {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      index: 'gsi3',
      partition: keys.planogramPosPk(merchantId, id),
      forward: true,
      max,
      projection: { expression: 'pk, sk, serial' },
    });
    return items.map((item) => posSerialProjection.read(item).serial);
  }
}
