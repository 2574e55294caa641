/**
 * Remote commands counted (ACCESS-PATTERNS 30–35): a merchant's, its groups' or a machine's, from their counters or
 * their keys, and the ranges the lists read. What the dashboard carries of them, without the repository's record
 * schema and writes; the repository extends it.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Total } from '#schemas/paging';
import type { CommandFilter, RemoteCommandRepository } from '../../core/remote-commands/ports';
import { timeOrderedIdBound as commandIdBound } from '../../core/shared/time-ordered-id';
import { batchGetItems } from './batch-items';
import { readCounter } from './counters';
import * as keys from './keys';
import { andFilters, MOVING_READ_LIMIT, movingFilter, movingInto, regroupMarks } from './machine-regroups';
import { countQuery, type ItemFilter, type PageQuery, type PartitionSource } from './paging';

/** FilterExpression of the list filters; no key attribute is involved. Reading the groups' own partitions needs no group filter. */
function itemFilter(f: CommandFilter, groupPartitions = false): ItemFilter | undefined {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (f.type !== undefined) {
    parts.push('#ct = :ct');
    Object.assign(names, { '#ct': 'type' });
    Object.assign(values, { ':ct': f.type });
  }
  if (f.status !== undefined) {
    parts.push('#cs = :cs');
    Object.assign(names, { '#cs': 'status' });
    Object.assign(values, { ':cs': f.status });
  }
  if (f.groupIds && !groupPartitions) {
    parts.push(`#cg IN (${f.groupIds.map((_, i) => `:cg${i}`).join(', ')})`);
    names['#cg'] = 'groupId';
    f.groupIds.forEach((g, i) => (values[`:cg${i}`] = g));
  }
  return parts.length ? { expression: parts.join(' AND '), names, values } : undefined;
}

export class DynamoRemoteCommandCounts implements Pick<RemoteCommandRepository, 'countMerchant' | 'countPos' | 'pendingCounts'> {
  constructor(
    protected readonly doc: DynamoDBDocumentClient,
    protected readonly tableName: string,
  ) {}

  /**
   * The merchant's commands on gsi1 or, for a group scope, its groups' on gsi3 (merged), by id = creation order,
   * narrowed to [from, to) by id bounds. A group scope reads by the machines' groups now: moving machines' commands
   * are left out of the group partitions, and those of the machines moving into the scope come from their own
   * partitions (30), merged by the id every command carries (`gsi1sk`).
   */
  protected async merchantRange(merchantId: string, f: CommandFilter): Promise<Omit<PageQuery, 'forward' | 'offset' | 'limit'>> {
    const filter = itemFilter(f, !!f.groupIds);
    const ids = f.from || f.to ? { from: f.from ? commandIdBound(f.from) : '0', to: f.to ? commandIdBound(f.to) : '~' } : undefined;
    const base = { tableName: this.tableName, ...(ids ? { between: ids } : {}), ...(filter ? { filter } : {}) };
    if (!f.groupIds) return { ...base, index: 'gsi1', partition: keys.merchantCommandsPk(merchantId) };
    const moving = await regroupMarks(this.doc, this.tableName, MOVING_READ_LIMIT, merchantId);
    const groups: PartitionSource[] = f.groupIds.map((g) => ({
      ...base,
      index: 'gsi3',
      partition: keys.groupCommandsPk(merchantId, g),
      filter: andFilters(filter, movingFilter(moving)),
    }));
    const own: PartitionSource[] = movingInto(moving, f.groupIds).map((m) => ({
      partition: keys.posPk(merchantId, m.serial),
      ...(ids ? { between: { from: `${keys.posCommandPrefix}${ids.from}`, to: `${keys.posCommandPrefix}${ids.to}` } } : { beginsWith: keys.posCommandPrefix }),
      ...(filter ? { filter } : {}),
    }));
    return { tableName: this.tableName, partition: [...groups, ...own], orderBy: 'gsi1sk', partitionsMayChange: true };
  }

  protected posRange(merchantId: string, serial: string, f: CommandFilter): Omit<PageQuery, 'forward' | 'offset' | 'limit'> {
    const filter = itemFilter(f);
    return { tableName: this.tableName, partition: keys.posPk(merchantId, serial), beginsWith: keys.posCommandPrefix, ...(filter ? { filter } : {}) };
  }

  async countMerchant(merchantId: string, f: CommandFilter): Promise<Total> {
    const range = await this.merchantRange(merchantId, f);
    if (!f.groupIds && !range.filter && !range.between)
      return { count: await readCounter(this.doc, this.tableName, keys.merchantCommandsCounterName(merchantId)) };
    return countQuery(this.doc, range);
  }

  async countPos(merchantId: string, serial: string, f: CommandFilter): Promise<Total> {
    const range = this.posRange(merchantId, serial, f);
    if (!range.filter) return { count: await readCounter(this.doc, this.tableName, keys.posCommandsCounterName(merchantId, serial)) };
    return countQuery(this.doc, range);
  }

  async pendingCounts(merchantId: string, serials: readonly string[]) {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      serials.map((s) => keys.counter(keys.posCommandsCounterName(merchantId, s))),
    );
    const pending = new Map(items.map((i) => [String(i.pk), Number(i.pending ?? 0)]));
    return Object.fromEntries(serials.map((s) => [s, pending.get(keys.counter(keys.posCommandsCounterName(merchantId, s)).pk) ?? 0]));
  }
}
