/**
 * The counters the super admin's platform statistics sum (ACCESS-PATTERNS "Platform statistics"): the merchants'
 * counter (4) and each merchant's machine (21) and media (M5) counters, one BatchGetItem per 100 merchants.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PlatformCounters } from '../../core/admin-stats/ports';
import { batchGetItems } from './batch-items';
import { counterRecord } from './counters';
import * as keys from './keys';

export class DynamoPlatformCounters implements PlatformCounters {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** Every attribute of these counter items, summed. */
  private async sum(names: readonly string[]): Promise<Record<string, number>> {
    const items = await batchGetItems(
      this.doc,
      this.tableName,
      names.map((n) => keys.counter(n)),
    );
    const out: Record<string, number> = {};
    for (const item of items) for (const [k, v] of Object.entries(counterRecord.read(item))) out[k] = (out[k] ?? 0) + v;
    return out;
  }

  merchants(): Promise<Record<string, number>> {
    return this.sum([keys.merchantsCounterName]);
  }

  machines(merchantIds: readonly string[]): Promise<Record<string, number>> {
    return this.sum(merchantIds.map((m) => keys.posCounterName(m)));
  }

  medias(merchantIds: readonly string[]): Promise<Record<string, number>> {
    return this.sum(merchantIds.map((m) => keys.mediasCounterName(m)));
  }
}
