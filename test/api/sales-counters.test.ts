/**
 * Sharded sales counters (issue 30 item 4): concurrent batches of one merchant's machines count every sale exactly
 * once across the day's shards, the statistics sum the shards (and the unsharded day items written before them),
 * and the same write keeps the local hours that "today against the same weekday" reads.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keys from '../../functions/adapters/dynamodb/keys';
import { DynamoTransactionRepository } from '../../functions/adapters/dynamodb/transaction-repository';
import { SALES_STATS_SHARDS, statsShardOf } from '../../functions/adapters/dynamodb/transaction-records';
import { ingestBatch } from '../../functions/core/ingestion/kinds';
import { DEFAULT_ONLINE_BUCKET_SECONDS } from '../../functions/core/ingestion/rules';
import { buildIngestionDeps } from '../../functions/triggers/ingestion-deps';
import { saleTransaction, salesMessage } from '../../infra/local/simulator';
import { newMerchantWithMachines } from './support/devices';
import { api } from './support/http';
import { stack, stackDeps, tokenFor } from './support/stack';

let superAdmin: string;
beforeAll(async () => {
  superAdmin = await tokenFor('NEBULARSUPERADMIN');
});

describe('sharded day counters', () => {
  const { doc } = stackDeps();
  afterAll(() => doc.destroy());
  const deps = buildIngestionDeps(
    {
      region: 'eu-west-1',
      tableName: stack.tableName,
      dynamodbEndpoint: stack.dynamodb,
      offlineAfterSeconds: 900,
      onlineBucketSeconds: DEFAULT_ONLINE_BUCKET_SECONDS,
    },
    doc,
  );

  it('concurrent batches of 12 machines of one merchant, one redelivered: every sale counted once, per day and per local hour', async () => {
    const { merchantId, groupId, serials } = await newMerchantWithMachines(superAdmin, 12, 'Shards');
    // 2025-05-06 in Rome (UTC+2): 09:10Z is 11h, 15:40Z is 17h.
    const morning = '2025-05-06T09:10:00.000Z';
    const afternoon = '2025-05-06T15:40:00.000Z';
    const messages = serials.flatMap((serial, i) => [
      salesMessage(serial, [saleTransaction({ type: 2, value: 100 + i, createdAt: morning }), saleTransaction({ type: 1, value: 50, createdAt: morning })]),
      salesMessage(serial, [saleTransaction({ type: 3, value: 70, mediaType: 2, createdAt: afternoon, media: undefined })]),
    ]);
    const ingest = (m: (typeof messages)[number]) => ingestBatch('sales', [{ ...m, topic: `vend/${m.serial}/sales`, receivedAt: Date.now() }], deps);
    const results = await Promise.all([...messages, messages[0]!, messages[5]!].map(ingest));
    expect(results.flatMap((r) => r.failed)).toEqual([]);

    const cash = { count: 12, value: serials.reduce((n, _, i) => n + 100 + i, 0) };
    const stats = await api(`/transactions/stats?merchantId=${merchantId}&from=2025-05-06&to=2025-05-06`, { token: superAdmin });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.totals).toMatchObject({ cash, cashless: { count: 12, value: 600 }, media: { count: 12, value: 840 } });
    const group = await api(`/transactions/stats?merchantId=${merchantId}&from=2025-05-06&to=2025-05-06&groupId=${groupId}`, { token: superAdmin });
    expect(group.body.totals).toEqual(stats.body.totals);

    // The day is held by the shards of the machines that sold, each machine in its serial's shard.
    const dayItems = await doc.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
        ExpressionAttributeValues: { ':pk': keys.merchantSalesStatsPk(merchantId, '2025'), ':day': 'DAY#2025-05-06#' },
      }),
    );
    const shards = new Set(serials.map((s) => statsShardOf(s)));
    expect(new Set(dayItems.Items!.map((i) => Number(String(i.sk).split('#')[2])))).toEqual(shards);
    expect(shards.size).toBeGreaterThan(1);
    expect(Math.max(...shards)).toBeLessThan(SALES_STATS_SHARDS);

    const repository = new DynamoTransactionRepository(doc, stack.tableName);
    const hours = await repository.hourFigures(merchantId, undefined, '2025-05-06');
    expect(hours[11]!.cash).toEqual(cash);
    expect(hours[11]!.cashless).toEqual({ count: 12, value: 600 });
    expect(hours[17]!.media).toEqual({ count: 12, value: 840 });
    expect(hours.filter((_, h) => h !== 11 && h !== 17).every((f) => Object.values(f).every((c) => c.count === 0))).toBe(true);
    expect((await repository.hourFigures(merchantId, [groupId!], '2025-05-06'))[17]!.media.count).toBe(12);
  });

  it('a message whose counters pass one transaction (200 sales over 50 days, 40 products) is counted once, also when delivered again', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1, 'Backlog');
    const start = Date.parse('2025-03-01T10:00:00.000Z');
    const sales = Array.from({ length: 200 }, (_, i) =>
      saleTransaction({
        type: 2,
        value: 100,
        line: 1 + (i % 40),
        productCode: `B${i % 40}`,
        priceTable: 1,
        createdAt: new Date(start + i * 6 * 3_600_000).toISOString(),
      }),
    );
    const message = salesMessage(serials[0]!, sales);
    const ingest = () => ingestBatch('sales', [{ ...message, topic: `vend/${serials[0]}/sales`, receivedAt: Date.now() }], deps);
    expect((await ingest()).failed).toEqual([]);
    expect((await ingest()).failed).toEqual([]);
    const stats = await api(`/transactions/stats?merchantId=${merchantId}&from=2025-03-01&to=2025-04-30`, { token: superAdmin });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.totals.cash).toEqual({ count: 200, value: 20_000 });
  });

  it('a day counted before the shards (one unsharded item) still counts, summed with its shards', async () => {
    const { merchantId, serials } = await newMerchantWithMachines(superAdmin, 1);
    await doc.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { ...keys.salesStatsDay(keys.merchantSalesStatsPk(merchantId, '2025'), '2025-05-07'), merchantId, day: '2025-05-07', cashN: 3, cashV: 300 },
      }),
    );
    const sale = salesMessage(serials[0]!, [saleTransaction({ type: 2, value: 40, createdAt: '2025-05-07T10:00:00.000Z' })]);
    expect((await ingestBatch('sales', [{ ...sale, topic: `vend/${sale.serial}/sales`, receivedAt: Date.now() }], deps)).failed).toEqual([]);
    const stats = await api(`/transactions/stats?merchantId=${merchantId}&from=2025-05-06&to=2025-05-08`, { token: superAdmin });
    expect(stats.body.totals.cash).toEqual({ count: 4, value: 340 });
    expect(stats.body.periods.find((p: { start: string }) => p.start === '2025-05-07').figures.cash).toEqual({ count: 4, value: 340 });
  });
});
