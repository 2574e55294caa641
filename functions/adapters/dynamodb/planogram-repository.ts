import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Planogram } from '../../../schemas/planogram';
import { DuplicatePlanogramNameException, PlanogramInUseException, PlanogramNotFoundException } from '../../core/planograms/errors';
import type { PlanogramRepository, PlanogramSliceRequest } from '../../core/planograms/ports';
import { keys } from './keys';
import { NamedEntityStore } from './named-entity-store';
import { readRange } from './paging';
import type { TransactItem } from './transactions';

const productsOf = (p: Planogram) => new Set(p.lines.map((l) => l.productId));

/**
 * Planograms through the named-entity store (ACCESS-PATTERNS 26h), each save keeping the index of its lines by
 * product (26g: one item per (product, planogram)) in the same transaction.
 */
export class DynamoPlanogramRepository implements PlanogramRepository {
  private readonly store: NamedEntityStore<Planogram>;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.store = new NamedEntityStore<Planogram>(doc, tableName, {
      entity: 'planogram',
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

  private usePut(p: Planogram, productId: string): TransactItem {
    const item = { ...keys.productPlanogramUse(p.merchantId, productId, p.id), entity: 'productPlanogramUse', planogramId: p.id, name: p.name, description: p.description };
    return { Put: { TableName: this.tableName, Item: item } };
  }

  private useDelete(p: Planogram, productId: string): TransactItem {
    return { Delete: { TableName: this.tableName, Key: keys.productPlanogramUse(p.merchantId, productId, p.id) } };
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
    return this.store.create(planogram, [...productsOf(planogram)].map((id) => this.usePut(planogram, id)));
  }

  /** Every product of `next` has its use item put again (they carry the name and description); those left out lose it. */
  update(current: Planogram, next: Planogram) {
    const kept = productsOf(next);
    const removed = [...productsOf(current)].filter((id) => !kept.has(id));
    return this.store.update(current, next, [...[...kept].map((id) => this.usePut(next, id)), ...removed.map((id) => this.useDelete(current, id))]);
  }

  delete(current: Planogram) {
    return this.store.delete(current, [...productsOf(current)].map((id) => this.useDelete(current, id)));
  }

  async machineSerials(merchantId: string, id: string, max: number): Promise<string[]> {
    const items = await readRange(this.doc, {
      tableName: this.tableName,
      index: 'gsi3',
      partition: keys.planogramPosPk(merchantId, id),
      forward: true,
      max,
      projection: { expression: 'serial' },
    });
    return items.map((item) => String(item.serial));
  }
}
