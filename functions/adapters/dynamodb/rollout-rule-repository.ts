import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { FINAL_ROLLOUT_STATUSES, type RolloutStatus } from '#schemas/rollout';
import type { RuleRepository, RuleSlice, StoredRule } from '../../core/rollouts/rules';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import type { recordSchema } from './records';
import { failedConditionIndex, isTransactionCancelled } from './transactions';

/**
 * A kind's rollout rules (ACCESS-PATTERNS R1–R2): one partition per merchant and kind, sorted by id (time-ordered,
 * so creation order); counted per status on write. Creating one adds a use to its release (`rules`, conditioned on the
 * release existing); reaching a final status removes it.
 */
export class DynamoRolloutRuleRepository<R extends StoredRule> implements RuleRepository<R> {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly kind: string,
    private readonly record: ReturnType<typeof recordSchema<R>>,
    /** The release's key: firmware are the platform's, cash databases their merchant's. */
    private readonly releaseKey: (id: string, merchantId: string) => { pk: string; sk: string },
  ) {}

  private item(r: R) {
    return { ...r, ...keys.rolloutRule(this.kind, r.merchantId, r.id), entity: this.record.entity };
  }

  private releaseUse(releaseId: string, merchantId: string, delta: 1 | -1) {
    return {
      Update: {
        TableName: this.tableName,
        Key: this.releaseKey(releaseId, merchantId),
        UpdateExpression: 'ADD #rules :d',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#rules': 'rules' },
        ExpressionAttributeValues: { ':d': delta },
      },
    };
  }

  private counter(merchantId: string, deltas: Record<string, number>) {
    return counterUpdate(this.tableName, keys.rolloutRulesCounterName(this.kind, merchantId), deltas);
  }

  async create(rule: R, releaseId: string): Promise<'created' | 'releaseMissing'> {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            this.releaseUse(releaseId, rule.merchantId, 1),
            { Put: { TableName: this.tableName, Item: this.item(rule), ConditionExpression: 'attribute_not_exists(pk)' } },
            this.counter(rule.merchantId, { count: 1, [rule.status]: 1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) return 'releaseMissing';
      throw error;
    }
    forgetCounter(keys.rolloutRulesCounterName(this.kind, rule.merchantId));
    return 'created';
  }

  async get(merchantId: string, id: string): Promise<R | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.rolloutRule(this.kind, merchantId, id) }));
    return res.Item ? this.record.read(res.Item) : undefined;
  }

  async list(merchantId: string, s: RuleSlice) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      partition: keys.rolloutRulesPk(this.kind, merchantId),
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
      ...(s.status ? { filter: { expression: '#st = :st', names: { '#st': 'status' }, values: { ':st': s.status } } } : {}),
    });
    return { items: page.items.map((i) => this.record.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(merchantId: string, status?: RolloutStatus): Promise<number> {
    return readCounter(this.doc, this.tableName, keys.rolloutRulesCounterName(this.kind, merchantId), Date.now(), status ?? 'count');
  }

  async transition(previous: R, next: R, releaseId: string): Promise<boolean> {
    const frees = !FINAL_ROLLOUT_STATUSES.includes(previous.status) && FINAL_ROLLOUT_STATUSES.includes(next.status);
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: this.item(next),
                ConditionExpression: 'updatedAt = :u AND #st = :s',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: { ':u': previous.updatedAt, ':s': previous.status },
              },
            },
            ...(previous.status !== next.status ? [this.counter(next.merchantId, { [previous.status]: -1, [next.status]: 1 })!] : []),
            // The release may be gone already (never while a rule uses it): no condition here.
            ...(frees ? [{ Update: { ...this.releaseUse(releaseId, next.merchantId, -1).Update, ConditionExpression: undefined } }] : []),
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0 || isTransactionCancelled(error)) return false;
      throw error;
    }
    forgetCounter(keys.rolloutRulesCounterName(this.kind, next.merchantId));
    return true;
  }
}
